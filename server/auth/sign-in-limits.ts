import type { LoginLockLimits, Tenant, ThrottleLimits } from '../../domain/tenant.ts';

/** Used when a tenant file leaves the issue 12 limits out (both shipped tenants set them). */
export const DEFAULT_LOGIN_LOCK: LoginLockLimits = { baseMinutes: 15, growthFactor: 2, maxMinutes: 1440 };
export const DEFAULT_THROTTLE: ThrottleLimits = {
  signInFailuresPerUsername: 10, recoveryPerAccount: 5, reauthPerUser: 10, ssoStartPerUsername: 10,
};
export const DEFAULT_RESET_MAILS_PER_HOUR = 3;
export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';

export function loginLockLimits(tenant: Tenant): LoginLockLimits {
  return tenant.limits.loginLock ?? DEFAULT_LOGIN_LOCK;
}

export function throttleLimits(tenant: Tenant): ThrottleLimits {
  return tenant.limits.throttle ?? DEFAULT_THROTTLE;
}

export function resetMailsPerHour(tenant: Tenant): number {
  return tenant.limits.resetMailsPerHour ?? DEFAULT_RESET_MAILS_PER_HOUR;
}

/** Where links in emails point: the tenant's configured origin, never what a request claims as its Host. */
export function publicOrigin(tenant: Tenant): string {
  return (tenant.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN).replace(/\/+$/, '');
}

/**
 * How long the `lockNumber`-th failed-attempt lock in a row lasts: the base, times the growth for
 * each lock before it, capped. 15 min, 30, 60, … up to a day with the defaults.
 */
export function lockMinutes(limits: LoginLockLimits, lockNumber: number): number {
  const grown = limits.baseMinutes * limits.growthFactor ** Math.max(0, lockNumber - 1);
  return Math.min(limits.maxMinutes, grown);
}

/** The key the per-username budgets count under: names differing only in case, width or surrounding blanks are one name. */
export function normaliseName(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}
