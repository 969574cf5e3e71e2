import type { LoginLockLimits, Tenant, ThrottleLimits } from '../../domain/tenant.ts';

/** Used when a tenant file leaves the issue 12 limits out (both shipped tenants set them). */
export const DEFAULT_LOGIN_LOCK: LoginLockLimits = { baseMinutes: 15, growthFactor: 2, maxMinutes: 1440 };
export const DEFAULT_THROTTLE: ThrottleLimits = {
  signInFailuresPerUsername: 10,
  recoveryPerAccount: 5,
  reauthPerUser: 10,
  ssoStartPerUsername: 10,
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

/** Addresses a server listens on that no browser can be sent to: links name localhost instead. */
const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The origin of a tenant without a configured `publicOrigin`: the portal's own address from the
 * server's PORT and HOST (README, Configuration), so a portal on another port mails working links;
 * DEFAULT_PUBLIC_ORIGIN when neither is set.
 */
export function defaultPublicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const host = env.HOST?.trim() ?? 'localhost';
  const name = WILDCARD_HOSTS.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${env.PORT?.trim() || '8080'}`;
}

/**
 * Where links in emails point: the tenant's configured origin, else the portal's own (PORT, HOST);
 * never what a request claims as its Host.
 */
export function publicOrigin(tenant: Tenant, env: NodeJS.ProcessEnv = process.env): string {
  return (tenant.publicOrigin ?? defaultPublicOrigin(env)).replace(/\/+$/, '');
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
