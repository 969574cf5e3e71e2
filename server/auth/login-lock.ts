import { sql } from 'kysely';
import type { Tenant } from '../../domain/tenant.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import { lockMinutes, loginLockLimits } from './sign-in-limits.ts';

/**
 * Issue 12: after the tenant's number of failed sign-ins in a row, password sign-in pauses for a
 * while (limits.loginLock), each pause in a row longer than the last. A pause ends by itself, ends
 * no live session (else anyone could sign a victim out by typing wrong passwords), and is not
 * lock_state: the lasting states of spec §4 stay for administrators and support.
 */
export function signInPaused(account: { login_locked_until: Date | string | null }, now: Date): boolean {
  return account.login_locked_until !== null && new Date(account.login_locked_until).getTime() > now.getTime();
}

/**
 * Where an account's failed sign-ins are counted: portal users (`users`) and studio operators
 * (`operators`, issue 24) keep the same columns (failed_logins, login_locks, login_locked_until)
 * under the same rules; only the table, its key and what a pause is audited as differ.
 */
export interface SignInCounters {
  table: 'users' | 'operators';
  key: 'user_id' | 'operator_id';
  /** Records that a pause began (the portal's audit log, the studio's). */
  paused(db: Database, tenant: Tenant, id: number, at: Date, detail: Record<string, unknown>): Promise<void>;
}

export const USER_COUNTERS: SignInCounters = {
  table: 'users',
  key: 'user_id',
  paused: (db, tenant, userId, at, detail) =>
    audit(db, { tenantId: tenant.id, userId, action: 'login_paused', entity: 'user', entityId: String(userId), at, detail }),
};

/**
 * Takes one of the account's attempts before the password is checked (issue 22 item 6): one
 * statement that counts it unless a pause is on, so concurrent attempts on any number of server
 * processes each get their own number, and the attempt after the tenant's last allowed one is
 * known before any password is checked. Undefined when the sign-in is paused.
 */
export async function claimSignInAttempt(
  db: Database,
  id: number,
  now: Date,
  counters: SignInCounters = USER_COUNTERS,
): Promise<number | undefined> {
  const { rows } = await sql<{ failed_logins: number }>`
    update ${sql.table(counters.table)} set failed_logins = failed_logins + 1
    where ${sql.ref(counters.key)} = ${id} and (login_locked_until is null or login_locked_until <= ${now})
    returning failed_logins`.execute(db);
  return rows[0]?.failed_logins;
}

/** A claimed attempt that turned out right does not count as a failure. */
export async function giveBackSignInAttempt(db: Database, id: number, counters: SignInCounters = USER_COUNTERS): Promise<void> {
  await sql`update ${sql.table(counters.table)} set failed_logins = greatest(0, failed_logins - 1) where ${sql.ref(counters.key)} = ${id}`.execute(
    db,
  );
}

/** The tenant's last allowed failure in a row: sign-in pauses, each pause in a row longer than the last. */
export async function startSignInPause(
  db: Database,
  tenant: Tenant,
  id: number,
  now: Date,
  counters: SignInCounters = USER_COUNTERS,
): Promise<void> {
  const {
    rows: [current],
  } = await sql<{ login_locks: number }>`
    select login_locks from ${sql.table(counters.table)} where ${sql.ref(counters.key)} = ${id}`.execute(db);
  if (!current) return;
  const lockNumber = current.login_locks + 1;
  const minutes = lockMinutes(loginLockLimits(tenant), lockNumber);
  const until = new Date(now.getTime() + minutes * 60_000);
  // Of two concurrent last failures, one starts the pause.
  const paused = await sql`
    update ${sql.table(counters.table)} set failed_logins = 0, login_locks = ${lockNumber}, login_locked_until = ${until}
    where ${sql.ref(counters.key)} = ${id} and (login_locked_until is null or login_locked_until <= ${now})`.execute(db);
  if (Number(paused.numAffectedRows ?? 0) === 0) return;
  await counters.paused(db, tenant, id, now, { until: until.toISOString(), minutes, pause_in_a_row: lockNumber });
}

/** A right password: failures and the back-off start over. */
export async function clearFailedSignIns(db: Database, id: number, counters: SignInCounters = USER_COUNTERS): Promise<void> {
  await sql`update ${sql.table(counters.table)} set failed_logins = 0, login_locks = 0, login_locked_until = null where ${sql.ref(counters.key)} = ${id}`.execute(
    db,
  );
}
