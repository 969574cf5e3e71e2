import type { Tenant } from '../../domain/tenant.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { User } from '../db/schema.ts';
import { claimSignInAttempt, giveBackSignInAttempt, signInPaused, startSignInPause } from './login-lock.ts';
import { passwordMatches } from './password-check.ts';

/**
 * The one check of a portal password for a name, wherever a password is typed: the portal's
 * sign-in and the local identity provider (issue 22 item 6), so both keep the tenant's attempts
 * before a pause, and the pause, alike.
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
  const now = clock.now();
  const counted = user !== undefined && !user.lock_state && !signInPaused(user, now);
  const attempt = counted ? await claimSignInAttempt(db, user.user_id, now) : undefined;
  const right = await passwordMatches(user, password);
  if (!user) return undefined;
  if (!counted) return right && !signInPaused(user, now) ? user : undefined;
  if (attempt === undefined) return undefined; // a pause began since the user was read
  const limit = tenant.limits.loginAttemptsBeforeLock;
  if (right) {
    await giveBackSignInAttempt(db, user.user_id);
    // Past the last allowed attempt (the others of a parallel burst), even the right password waits.
    return attempt <= limit ? user : undefined;
  }
  if (attempt >= limit) await startSignInPause(db, tenant, user.user_id, now);
  return undefined;
}
