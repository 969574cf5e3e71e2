import { sql } from 'kysely';
import type { Tenant } from '../../domain/tenant.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import type { User } from '../db/schema.ts';
import { lockMinutes, loginLockLimits } from './sign-in-limits.ts';

/**
 * Issue 12: after the tenant's number of failed sign-ins in a row, password sign-in pauses for a
 * while (limits.loginLock), each pause in a row longer than the last. A pause ends by itself, ends
 * no live session (else anyone could sign a victim out by typing wrong passwords), and is not
 * lock_state: the lasting states of spec §4 stay for administrators and support.
 */
export function signInPaused(user: Pick<User, 'login_locked_until'>, now: Date): boolean {
  return user.login_locked_until !== null && new Date(user.login_locked_until).getTime() > now.getTime();
}

/**
 * Takes one of the user's attempts before the password is checked (issue 22 item 6): one
 * statement that counts it unless a pause is on, so concurrent attempts on any number of server
 * processes each get their own number, and the attempt after the tenant's last allowed one is
 * known before any password is checked. Undefined when the sign-in is paused.
 */
export async function claimSignInAttempt(db: Database, userId: number, now: Date): Promise<number | undefined> {
  const claimed = await db
    .updateTable('users')
    .set({ failed_logins: sql`failed_logins + 1` })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('login_locked_until', 'is', null), eb('login_locked_until', '<=', now)]))
    .returning('failed_logins')
    .executeTakeFirst();
  return claimed?.failed_logins;
}

/** A claimed attempt that turned out right does not count as a failure. */
export async function giveBackSignInAttempt(db: Database, userId: number): Promise<void> {
  await db.updateTable('users').set({ failed_logins: sql`greatest(0, failed_logins - 1)` }).where('user_id', '=', userId).execute();
}

/** The tenant's last allowed failure in a row: sign-in pauses, each pause in a row longer than the last. */
export async function startSignInPause(db: Database, tenant: Tenant, userId: number, now: Date): Promise<void> {
  const current = await db.selectFrom('users').select('login_locks').where('user_id', '=', userId).executeTakeFirst();
  if (!current) return;
  const lockNumber = current.login_locks + 1;
  const minutes = lockMinutes(loginLockLimits(tenant), lockNumber);
  const until = new Date(now.getTime() + minutes * 60_000);
  const paused = await db
    .updateTable('users')
    .set({ failed_logins: 0, login_locks: lockNumber, login_locked_until: until })
    .where('user_id', '=', userId)
    // Of two concurrent last failures, one starts the pause.
    .where((eb) => eb.or([eb('login_locked_until', 'is', null), eb('login_locked_until', '<=', now)]))
    .executeTakeFirst();
  if (Number(paused.numUpdatedRows) === 0) return;
  await audit(db, {
    tenantId: tenant.id,
    userId,
    action: 'login_paused',
    entity: 'user',
    entityId: String(userId),
    at: now,
    detail: { until: until.toISOString(), minutes, pause_in_a_row: lockNumber },
  });
}

/** A right password: failures and the back-off start over. */
export async function clearFailedSignIns(db: Database, userId: number): Promise<void> {
  await db.updateTable('users').set({ failed_logins: 0, login_locks: 0, login_locked_until: null }).where('user_id', '=', userId).execute();
}
