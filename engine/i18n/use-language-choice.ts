import { startTransition, useOptimistic } from 'react';
import type { LanguageCode } from '../../common/locales.ts';
import { changeLanguage, isLanguage } from './i18n.ts';
import { useText, useTexts } from './use-text.ts';

/**
 * A language menu's value and its change: the menu shows the language chosen at once, while the
 * page's texts follow in a transition (i18n.ts changeLanguage). Without the optimistic value, a
 * controlled select would snap back to the old language until that transition is done.
 */
export function useLanguageChoice(): { shown: string; choose(language: string): void } {
  const texts = useTexts();
  const { language } = useText();
  const [shown, show] = useOptimistic(language);
  const choose = (value: string) => {
    // Not compared with `language`: while a change is still rendering, that is the language before it.
    if (!isLanguage(value)) return;
    const chosen: LanguageCode = value;
    startTransition(async () => {
      show(chosen);
      await changeLanguage(texts, chosen);
    });
  };
  return { shown, choose };
}
