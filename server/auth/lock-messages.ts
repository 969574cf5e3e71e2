import { ErrorCode, type ErrorCodeKey } from '../../domain/error-codes.ts';
import type { LockState } from '../db/schema.ts';

/** The error each lock state answers a sign-in with, by password (auth/routes.ts) or single sign-on (sso/routes.ts). */
export const LOCK_MESSAGES: Record<LockState, ErrorCodeKey> = {
  locked_by_admin: ErrorCode.lockedByAdmin,
  locked_by_support: ErrorCode.lockedBySupport,
  challenge_phrase_change_required: ErrorCode.challengePhraseChangeRequired,
  exceeded_challenge_attempts: ErrorCode.exceededChallengeAttempts,
  exceeded_login_attempts: ErrorCode.exceededLoginAttempts,
  expired_password: ErrorCode.expiredPassword,
  password_change_required: ErrorCode.passwordChangeRequired,
};
