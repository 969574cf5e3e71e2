import { useCallback } from 'react';
import { useText } from '../i18n/use-text.ts';
import { useSession } from '../session/store.ts';
import type { FormatterName } from '../registry/names.ts';
import { format } from './formatters.ts';

/** format(name, value, currency?) in the user's locale and time zone. */
export function useFormatter(): (name: FormatterName | undefined, value: unknown, currency?: string) => string {
  const { t } = useText();
  const locale = useSession((session) => session.self?.locale_ISO ?? 'en-US');
  const timeZone = useSession((session) => session.self?.timeZone ?? 'America/Chicago');
  const language = useText().language;
  // The chosen language wins over the profile's locale for number and date shapes.
  const effectiveLocale = locale.startsWith(language) ? locale : language;
  return useCallback(
    (name, value, currency) =>
      format(name ?? 'text', value, {
        locale: effectiveLocale,
        timeZone,
        translate: t,
        ...(currency ? { currency } : {}),
      }),
    [effectiveLocale, timeZone, t],
  );
}
