import { ErrorCode, type ErrorCodeKey } from './error-codes.ts';

/**
 * Users of an account (issue 17; spec §3 user fields, §5 name rules, §6 roles and access levels).
 * The same checks run in the invite and edit forms and in the server, with the same i18n codes.
 */

/** spec §6 role labels, as stored; checks lowercase them (permissions/policy.json). */
export const USER_ROLES = [
  'Admin',
  'Payer',
  'View Only',
  'Card Viewer',
  'Safety Manager',
  'Voucher Manager',
  'Enrollment Manager',
] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** spec §6: viewing versus view/edit access. */
export const ACCESS_LEVELS = ['viewing', 'view_edit'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Usernames: letters, digits and . _ @ - (an email address works), 3 to 100 characters. */
export const USERNAME_PATTERN = '^[A-Za-z0-9._@-]{3,100}$';
export const EMAIL_MAX = 254;

export interface UserNameInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  /** spec §5 hint: first and last name may be entered together. */
  full_name?: string | undefined;
}

export interface UserProblem {
  field: string;
  code: ErrorCodeKey;
  values?: Record<string, string | number>;
}

/**
 * First and last name from the separate fields, or else from the one field: the last word is the
 * last name, the rest the first name ("Mary Ann Smith" → "Mary Ann", "Smith").
 */
export function splitName(input: UserNameInput): { first_name: string; last_name: string } {
  const first = (input.first_name ?? '').trim();
  const last = (input.last_name ?? '').trim();
  if (first || last || !input.full_name) return { first_name: first, last_name: last };
  const words = input.full_name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first_name: words[0] ?? '', last_name: '' };
  return { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1) ?? '' };
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** spec §5: names required and at most the tenant's length (counted by code point). */
export function nameProblems(names: { first_name: string; last_name: string }, maxNameLength: number): UserProblem[] {
  const problems: UserProblem[] = [];
  for (const field of ['first_name', 'last_name'] as const) {
    const value = names[field];
    if (!value) problems.push({ field, code: ErrorCode.fieldRequired });
    else if ([...value].length > maxNameLength) problems.push({ field, code: ErrorCode.userNameTooLong, values: { limit: maxNameLength } });
  }
  return problems;
}

export function emailProblems(email: string | undefined): UserProblem[] {
  const value = (email ?? '').trim();
  if (!value) return [{ field: 'email_address', code: ErrorCode.fieldRequired }];
  if (value.length > EMAIL_MAX || !EMAIL_SHAPE.test(value)) return [{ field: 'email_address', code: ErrorCode.validationEmail }];
  return [];
}

export function usernameProblems(username: string | undefined): UserProblem[] {
  const value = (username ?? '').trim();
  if (!value) return [{ field: 'username', code: ErrorCode.fieldRequired }];
  if (!new RegExp(USERNAME_PATTERN).test(value)) return [{ field: 'username', code: ErrorCode.usernameInvalid }];
  return [];
}

/**
 * The roles a dealer (merchant user) may hold: those the policy grants a merchant anything beyond
 * signing in (permissions/policy.json `grants.merchant`). Card Viewer, Safety Manager, Voucher and
 * Enrollment Manager are about a customer's cards, fleet and loyalty: customer-side only (issue 26).
 */
export const MERCHANT_ROLES = ['Admin', 'Payer', 'View Only'] as const satisfies readonly UserRole[];

/** The roles a user of this side may be given (an invitation, an edit). */
export function rolesFor(merchantSide: boolean): readonly UserRole[] {
  return merchantSide ? MERCHANT_ROLES : USER_ROLES;
}

/** The role label as stored, from any casing ("view only" → "View Only"); undefined when unknown. */
export function roleLabel(role: string | undefined): UserRole | undefined {
  const wanted = (role ?? '').trim().toLowerCase();
  return USER_ROLES.find((label) => label.toLowerCase() === wanted);
}

/** spec §4: the lock states an administrator may lift; a support lock needs support. */
export const LOCKS_ADMIN_MAY_LIFT = [
  'locked_by_admin',
  'exceeded_login_attempts',
  'exceeded_challenge_attempts',
  'expired_password',
  'password_change_required',
  'challenge_phrase_change_required',
] as const;
