import { newToken } from './tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

// A hash of a random password, made once per process: checks for names that do not exist verify against it.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(newToken());
  return decoyHash;
}

/**
 * Checks a password for a user who may not exist. Every call verifies exactly one argon2id hash,
 * a decoy's when there is no user, so the time an answer takes does not tell whether a name exists.
 */
export async function passwordMatches(user: { password_hash: string } | undefined, password: string): Promise<boolean> {
  const right = await verifyPassword(user?.password_hash ?? (await decoy()), password);
  return user !== undefined && right;
}
