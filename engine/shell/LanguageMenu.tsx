import { NativeSelect } from '@mantine/core';
import { LOCALE_INFO } from '../../common/locales.ts';
import { useLanguageChoice } from '../i18n/use-language-choice.ts';
import { useText } from '../i18n/use-text.ts';
import { useSession } from '../session/store.ts';

/** spec §1: the 15 languages the tenant offers; the choice is kept in local storage. */
export function LanguageMenu() {
  const { t } = useText();
  const { shown, choose } = useLanguageChoice();
  const languages = useSession((session) => session.config?.languages ?? []);
  return (
    // A native select: light (no popover code on the sign-in page) and fully keyboard accessible.
    <NativeSelect
      aria-label={t('common.language.label')}
      data-testid="language-menu"
      size="xs"
      w={150}
      value={shown}
      data={languages.map((code) => ({ value: code, label: LOCALE_INFO[code].label }))}
      onChange={(event) => choose(event.currentTarget.value)}
    />
  );
}
