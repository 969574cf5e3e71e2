/** A moment as the operator's language writes it (date and time). */
export function formatMoment(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Each language in its own words (Intl), as a language menu shows them. */
export const languageName = (code: string) => new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
