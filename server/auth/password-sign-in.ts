import type { Tenant } from '../../domain/tenant.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { User } from '../db/schema.ts';
import {
  claimSignInAttempt,
  giveBackSignInAttempt,
  type SignInCounters,
  signInPaused,
  startSignInPause,
  USER_COUNTERS,
} from './login-lock.ts';
import { passwordMatches } from './password-check.ts';

/** What the password check reads of an account, portal user or studio operator. */
export interface PasswordAccount {
  password_hash: string;
  login_locked_until: Date | string | null;
  /** A lasting lock (spec §4) or a disabled operator: the attempt is not counted. */
  lock_state: string | null;
}

/**
 * The one check of a password for a name, wherever a password is typed: the portal's sign-in,
 * the local identity provider (issue 22 item 6) and the operator studio (issue 24), so all keep
 * the tenant's attempts before a pause, and the pause, alike.
 *
 * Returns the user when the password is right and the user may try now; undefined otherwise,
 * for every reason alike (no such user, not an account of the caller, wrong password, paused,
 * over the attempts in a row). Each call verifies exactly one argon2id hash, so time tells nothing.
 * Lasting locks (spec §4) are the caller's to report after a right password; wrong passwords
 * neither lift nor change them and are not counted.
 */
export async function checkPassword(
  db: Database,
  clock: Clock,
  tenant: Tenant,
  username: string,
  password: string,
  isAccount: (user: User) => boolean | Promise<boolean> = () => true,
): Promise<User | undefined> {
  const found = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenant.id)
    .where('username', '=', username.trim())
    .executeTakeFirst();
  const user = found && (await isAccount(found)) ? found : undefined;
  return checkAccountPassword(db, clock, tenant, user && { account: user, id: user.user_id }, password, USER_COUNTERS);
}

/** checkPassword for an account already looked up by name (undefined: none), counted where `counters` says. */
export async function checkAccountPassword<A extends PasswordAccount>(
  db: Database,
  clock: Clock,
  tenant: Tenant,
  found: { account: A; id: number } | undefined,
  password: string,
  counters: SignInCounters,
): Promise<A | undefined> {
  const account = found?.account;
  const now = clock.now();
  const counted = found !== undefined && !found.account.lock_state && !signInPaused(found.account, now);
  const attempt = counted ? await claimSignInAttempt(db, found.id, now, counters) : undefined;
  const right = await passwordMatches(account, password);
  if (!found || !account) return undefined;
  if (!counted) return right && !signInPaused(account, now) ? account : undefined;
  if (attempt === undefined) return undefined; // a pause began since the account was read
  const limit = tenant.limits.loginAttemptsBeforeLock;
  if (right) {
    await giveBackSignInAttempt(db, found.id, counters);
    // Past the last allowed attempt (the others of a parallel burst), even the right password waits.
    return attempt <= limit ? account : undefined;
  }
  if (attempt >= limit) await startSignInPause(db, tenant, found.id, now, counters);
  return undefined;
}
