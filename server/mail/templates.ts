import { localeText } from '../i18n/locale-text.ts';

/**
 * Account recovery emails in the user's language: the texts live with the portal's translations
 * (locales/<lang>/email.json, namespace `email`), so translators keep them with everything else.
 */
export type EmailTemplate = 'username' | 'reset' | 'invite' | 'inviteSso';

const KEYS: Record<EmailTemplate, { subject: string; body: string }> = {
  username: { subject: 'email.recovery.usernameSubject', body: 'email.recovery.usernameBody' },
  reset: { subject: 'email.recovery.resetSubject', body: 'email.recovery.resetBody' },
  // Issue 17: an invited user sets a first password through a one-time link (or, in an SSO group, signs in with the provider).
  invite: { subject: 'users.mail.inviteSubject', body: 'users.mail.inviteBody' },
  inviteSso: { subject: 'users.mail.inviteSubject', body: 'users.mail.inviteSsoBody' },
};

export function renderEmail(
  template: EmailTemplate,
  language: string | null | undefined,
  values: Record<string, string | number>,
): { subject: string; text: string } {
  const keys = KEYS[template];
  return { subject: localeText(language, keys.subject, values), text: localeText(language, keys.body, values) };
}
