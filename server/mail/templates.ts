import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type LanguageCode } from '../../domain/tenant.ts';

/**
 * Account recovery emails in the user's language: the texts live with the portal's translations
 * (locales/<lang>/email.json, namespace `email`), so translators keep them with everything else.
 */
export type EmailTemplate = 'username' | 'reset';

interface EmailTexts { recovery: { usernameSubject: string; usernameBody: string; resetSubject: string; resetBody: string } }

const LOCALES = fileURLToPath(new URL('../../locales/', import.meta.url));
const cache = new Map<LanguageCode, EmailTexts>();

function textsFor(language: LanguageCode): EmailTexts {
  let texts = cache.get(language);
  if (!texts) {
    texts = JSON.parse(readFileSync(`${LOCALES}${language}/email.json`, 'utf8')) as EmailTexts;
    cache.set(language, texts);
  }
  return texts;
}

/** i18next-style `{{name}}` interpolation; plain text, so nothing is escaped. Unknown names stay visible. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** The user's language when the portal has it ("de", "de-DE"), else English. */
export function emailLanguage(language: string | null | undefined): LanguageCode {
  const code = (language ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? code as LanguageCode : 'en';
}

export function renderEmail(template: EmailTemplate, language: string | null | undefined, values: Record<string, string | number>): { subject: string; text: string } {
  const { recovery } = textsFor(emailLanguage(language));
  const [subject, body] = template === 'username'
    ? [recovery.usernameSubject, recovery.usernameBody]
    : [recovery.resetSubject, recovery.resetBody];
  return { subject: interpolate(subject, values), text: interpolate(body, values) };
}
