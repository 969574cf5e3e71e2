import type { Mailer } from '../mail/mailer.ts';
import type { JobHandler } from '../jobs/runner.ts';
import type { TenantStore } from '../tenants/store.ts';
import { ssoEnabledSql } from './queries.ts';
import { sendInvitation } from './invite.ts';

/** Issue 17: invitations of users created by a credentials import, mailed after the import committed. */
export const INVITE_MAIL_JOB = 'users.invite_mail';

export function inviteMailJob({ tenants, mailer }: { tenants: TenantStore; mailer: Mailer }): JobHandler {
  return async (payload, { db, clock }) => {
    const tenant = tenants.byId(String(payload.tenant));
    if (!tenant) return;
    const invitee = await db
      .selectFrom('users as u')
      .select([
        'u.user_id',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.email_address',
        'u.language',
        'u.status',
        ssoEnabledSql('u').as('sso'),
      ])
      .where('u.tenant_id', '=', tenant.id)
      .where('u.user_id', '=', Number(payload.user_id))
      .executeTakeFirst();
    // Activated meanwhile (or gone): nothing to send.
    if (!invitee || invitee.status !== 'not_activated') return;
    // One transaction: the link is kept only when the mail went out (a failure throws, the runner retries).
    await db
      .transaction()
      .execute((trx) =>
        sendInvitation(trx, mailer, tenant, { ...invitee, user_id: Number(invitee.user_id) }, invitee.sso === true, clock.now()),
      );
  };
}
