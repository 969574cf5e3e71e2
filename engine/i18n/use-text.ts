import { useTranslation } from 'react-i18next';
import { toI18nextKey } from './i18n.ts';

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The portal's translate function: takes our dotted keys ("auth.login.title"). */
export function useText(): { t: Translate; language: string } {
  const { t, i18n } = useTranslation();
  return {
    t: (key, values) => t(toI18nextKey(key), values ?? {}) as string,
    language: i18n.language,
  };
}
