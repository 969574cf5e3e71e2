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

/** Counts a wrong password of a user whose sign-in is not paused; the last allowed one starts a pause. */
export async function recordFailedSignIn(db: Database, tenant: Tenant, user: User, now: Date): Promise<void> {
  // One statement, so concurrent failures all count.
  const counted = await db.updateTable('users').set({ failed_logins: sql`failed_logins + 1` })
    .where('user_id', '=', user.user_id).returning(['failed_logins', 'login_locks']).executeTakeFirst();
  if (!counted || counted.failed_logins < tenant.limits.loginAttemptsBeforeLock) return;
  const lockNumber = counted.login_locks + 1;
  const minutes = lockMinutes(loginLockLimits(tenant), lockNumber);
  const until = new Date(now.getTime() + minutes * 60_000);
  const paused = await db.updateTable('users')
    .set({ failed_logins: 0, login_locks: lockNumber, login_locked_until: until })
    .where('user_id', '=', user.user_id)
    // Of two concurrent last failures, one starts the pause.
    .where((eb) => eb.or([eb('login_locked_until', 'is', null), eb('login_locked_until', '<=', now)]))
    .executeTakeFirst();
  if (Number(paused.numUpdatedRows) === 0) return;
  await audit(db, {
    tenantId: tenant.id, userId: user.user_id, action: 'login_paused', entity: 'user', entityId: String(user.user_id), at: now,
    detail: { until: until.toISOString(), minutes, pause_in_a_row: lockNumber },
  });
}

/** A right password: failures and the back-off start over. */
export async function clearFailedSignIns(db: Database, userId: number): Promise<void> {
  await db.updateTable('users').set({ failed_logins: 0, login_locks: 0, login_locked_until: null }).where('user_id', '=', userId).execute();
}
