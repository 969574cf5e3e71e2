import { sql } from 'kysely';
import { audit } from '../audit.ts';
import { publicOrigin, resetMailsPerHour } from '../auth/sign-in-limits.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/templates.ts';
import type { TenantStore } from '../tenants/store.ts';
import { enqueueJob, type JobHandler } from './runner.ts';
import { INVITE_MAIL_JOB, inviteMailJob } from '../users/invite-job.ts';

/** A reset link works this long, once. */
export const RESET_TOKEN_MINUTES = 60;

export const PASSWORD_RESET_MAIL_JOB = 'recovery.password_reset_mail';
export const USERNAME_MAIL_JOB = 'recovery.username_mail';

/**
 * Issue 12: the recovery requests answer at once and alike; the lookup, the link and the mail
 * happen here, off the request, so how long an answer takes tells nothing about who exists.
 * The job holds only what was asked (a username or an address), never a token.
 */
export async function enqueuePasswordResetMail(db: Database, tenantId: string, username: string, now: Date): Promise<void> {
  await enqueueJob(db, { kind: PASSWORD_RESET_MAIL_JOB, payload: { tenant: tenantId, username }, runAt: now });
}

export async function enqueueUsernameMail(db: Database, tenantId: string, email: string, now: Date): Promise<void> {
  await enqueueJob(db, { kind: USERNAME_MAIL_JOB, payload: { tenant: tenantId, email }, runAt: now });
}

interface RecoveryJobDeps {
  tenants: TenantStore;
  mailer: Mailer;
}

/** The handlers the server's job runner needs for account recovery. */
export function recoveryJobHandlers(deps: RecoveryJobDeps): Record<string, JobHandler> {
  return {
    [PASSWORD_RESET_MAIL_JOB]: passwordResetMailJob(deps),
    [USERNAME_MAIL_JOB]: usernameMailJob(deps),
    // Issue 17: account mail of the same kind, run by the same runner: invitations of imported users.
    [INVITE_MAIL_JOB]: inviteMailJob(deps),
  };
}

function passwordResetMailJob({ tenants, mailer }: RecoveryJobDeps): JobHandler {
  return async (payload, { db, clock }) => {
    const tenant = tenants.byId(String(payload.tenant));
    if (!tenant) return;
    const user = await db
      .selectFrom('users')
      .select(['user_id', 'username', 'first_name', 'last_name', 'email_address', 'language'])
      .where('tenant_id', '=', tenant.id)
      .where('username', '=', String(payload.username))
      .executeTakeFirst();
    if (!user) return;
    const now = clock.now();
    // Links issued in the last hour: each is valid RESET_TOKEN_MINUTES from its issue, so its expiry says when it was issued.
    const issuedSince = new Date(now.getTime() - (60 - RESET_TOKEN_MINUTES) * 60_000);
    const recent = await db
      .selectFrom('password_reset_tokens')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', user.user_id)
      .where('expires_at', '>', issuedSince)
      .executeTakeFirstOrThrow();
    if (recent.count >= resetMailsPerHour(tenant)) {
      await audit(db, {
        tenantId: tenant.id,
        userId: user.user_id,
        action: 'password_reset_mail_withheld',
        entity: 'user',
        entityId: String(user.user_id),
        at: now,
      });
      return;
    }

    const token = newToken();
    const tokenHash = hashToken(token);
    await db.transaction().execute(async (trx) => {
      // A new link voids every older one still out (issue 12 defect 8).
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('user_id', '=', user.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_reset_tokens')
        .values({
          token_hash: tokenHash,
          user_id: user.user_id,
          expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
          used_at: null,
        })
        .execute();
    });
    const { subject, text } = renderEmail('reset', user.language, {
      portal: tenant.title,
      name: `${user.first_name} ${user.last_name}`.trim(),
      username: user.username,
      link: `${publicOrigin(tenant)}/reset-password?token=${encodeURIComponent(token)}`,
      minutes: RESET_TOKEN_MINUTES,
    });
    try {
      await mailer.send({ to: user.email_address, subject, text });
    } catch (error) {
      // A link nobody received must not stay usable; the runner tries again later with a fresh one.
      await db.deleteFrom('password_reset_tokens').where('token_hash', '=', tokenHash).execute();
      throw error;
    }
    await audit(db, {
      tenantId: tenant.id,
      userId: user.user_id,
      action: 'password_reset_requested',
      entity: 'user',
      entityId: String(user.user_id),
      at: now,
    });
  };
}

function usernameMailJob({ tenants, mailer }: RecoveryJobDeps): JobHandler {
  return async (payload, { db }) => {
    const tenant = tenants.byId(String(payload.tenant));
    if (!tenant) return;
    const email = String(payload.email).toLowerCase();
    const users = await db
      .selectFrom('users')
      .select(['username', 'language', 'email_address'])
      .where('tenant_id', '=', tenant.id)
      .where(sql<string>`lower(email_address)`, '=', email)
      .orderBy('user_id')
      .execute();
    const first = users[0];
    if (!first) return;
    const { subject, text } = renderEmail('username', first.language, {
      portal: tenant.title,
      usernames: users.map((user) => `  ${user.username}`).join('\n'),
      loginUrl: `${publicOrigin(tenant)}/login`,
    });
    await mailer.send({ to: first.email_address, subject, text });
    await audit(db, {
      tenantId: tenant.id,
      userId: null,
      action: 'username_recovery',
      entity: 'user',
      entityId: users.map((user) => user.username).join(','),
    });
  };
}
