import type { Tenant } from '../../domain/tenant.ts';
import { publicOrigin } from '../auth/sign-in-limits.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/templates.ts';

/** An invitation link works this long, once; it is a password reset token (POST /auth/reset-password sets the first password). */
export const INVITE_LINK_DAYS = 7;

export interface Invitee {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email_address: string;
  language: string;
}

/**
 * Issues a fresh one-time link (voiding any older one) and mails it; an invitee of an SSO group
 * gets the sign-in page instead, since they never hold a portal password. Runs inside the
 * caller's transaction: when the mail cannot be sent, the invitation (and a new user) is rolled back.
 */
export async function sendInvitation(
  trx: Database,
  mailer: Mailer,
  tenant: Tenant,
  invitee: Invitee,
  sso: boolean,
  now: Date,
): Promise<void> {
  const name = `${invitee.first_name} ${invitee.last_name}`.trim();
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', invitee.user_id)
    .where('used_at', 'is', null)
    .execute();
  let link = `${publicOrigin(tenant)}/login`;
  if (!sso) {
    const token = newToken();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: invitee.user_id,
        expires_at: new Date(now.getTime() + INVITE_LINK_DAYS * 86_400_000),
        used_at: null,
      })
      .execute();
    link = `${publicOrigin(tenant)}/reset-password?token=${encodeURIComponent(token)}`;
  }
  await trx.updateTable('users').set({ invited_at: now }).where('user_id', '=', invitee.user_id).execute();
  const { subject, text } = renderEmail(sso ? 'inviteSso' : 'invite', invitee.language, {
    portal: tenant.title,
    name,
    username: invitee.username,
    link,
    days: INVITE_LINK_DAYS,
  });
  await mailer.send({ to: invitee.email_address, subject, text });
}
