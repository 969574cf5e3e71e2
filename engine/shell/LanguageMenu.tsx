import { NativeSelect } from '@mantine/core';
import { LOCALE_INFO } from '../../domain/locales.ts';
import { changeLanguage, isLanguage } from '../i18n/i18n.ts';
import { useText, useTexts } from '../i18n/use-text.ts';
import { useSession } from '../session/store.ts';

/** spec §1: the 15 languages the tenant offers; the choice is kept in local storage. */
export function LanguageMenu() {
  const texts = useTexts();
  const { t, language } = useText();
  const languages = useSession((session) => session.config?.languages ?? []);
  return (
    // A native select: light (no popover code on the sign-in page) and fully keyboard accessible.
    <NativeSelect
      aria-label={t('common.language.label')}
      data-testid="language-menu"
      size="xs" w={150}
      value={language}
      data={languages.map((code) => ({ value: code, label: LOCALE_INFO[code].label }))}
      onChange={(event) => { const value = event.currentTarget.value; if (isLanguage(value)) void changeLanguage(texts, value); }}
    />
  );
}
