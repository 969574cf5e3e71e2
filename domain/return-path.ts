/**
 * Issue 26 defect 3: a refused page sends the user to sign in (spec §5) with why, and the page
 * asked for comes back after signing in. The asked page travels in the sign-in page's query
 * (`next`), so it survives a reload of the sign-in page; it is only ever followed as a path of
 * this portal, never to another origin (no open redirect).
 */
import { LOGIN_PATH } from './guard-paths.ts';

/** The sign-in page's query parameters (screens/login.json reads `reason`): `/login?next=` and `/login?reason=`. */
export const SIGN_IN_QUERY = { next: 'next', reason: 'reason' } as const;

/** Why the sign-in page is shown instead of the page asked for. */
export type SignInReason = 'sessionExpired' | 'noAccess';

const REASONS: readonly SignInReason[] = ['sessionExpired', 'noAccess'];
const MAX_LENGTH = 2048;
/** Pages that are themselves part of signing in: returning to them after signing in makes no sense. */
const SIGN_IN_PAGES = /(^|\/)(login|forgot-user|forgot-password|reset-password)(\/|$)/;

/**
 * The path to return to after signing in, or null when `value` is not a path of this portal:
 * it must start with one `/` (`//host` and `/\host` are other origins to a browser), hold no
 * scheme, backslash or control character, and stay on the origin once resolved.
 * safeReturnPath('/invoice/T-1?tab=2') === '/invoice/T-1?tab=2'; safeReturnPath('//evil.example') === null
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let resolved: URL;
  try {
    resolved = new URL(value, 'https://portal.invalid');
  } catch {
    return null;
  }
  if (resolved.origin !== 'https://portal.invalid') return null;
  if (SIGN_IN_PAGES.test(resolved.pathname)) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The reason a sign-in page's query names, when it is one the page explains. */
export function signInReason(value: unknown): SignInReason | null {
  return REASONS.find((reason) => reason === value) ?? null;
}

/**
 * The sign-in page for a refused page: `from` to return to (dropped unless safe) and why.
 * signInPath('/invoice/T-1', 'noAccess') === '/login?next=%2Finvoice%2FT-1&reason=noAccess'
 */
export function signInPath(from: string, reason: SignInReason | null): string {
  const query = new URLSearchParams();
  const next = safeReturnPath(from);
  if (next) query.set(SIGN_IN_QUERY.next, next);
  if (reason) query.set(SIGN_IN_QUERY.reason, reason);
  const search = query.toString();
  return search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH;
}
