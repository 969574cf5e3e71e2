/** A tenant as `schemas/tenant.schema.json` describes it; the server validates files against the schema. */
import type { LanguageCode } from '../common/locales.ts';
import type { MenuOverrides } from './menu-overrides.ts';
export interface PasswordRules {
  minLength: number;
  maxLength: number;
  minNumeric: number;
  minUpper: number;
  minLower: number;
  minAlpha: number;
  minSpecial: number;
  minNonAlpha: number;
  historySize: number;
}

export interface TenantLimits {
  cardFeeMinor: number;
  minCardPaymentMinor: number;
  maxInvoicesPerCardPayment: number;
  cardCurrencies: string[];
  maxNameLength: number;
  password: PasswordRules;
  files: { maxSizeBytes: number; permittedTypes: string[]; maxFilesPerUpload: number };
  cardSecureAccessMinutes: number;
  /** Minutes a re-authentication stays refused after loginAttemptsBeforeLock wrong passwords (issue 12). */
  reauthLockMinutes: number;
  loyalty: { maxRewardMinor: number; maxTargetMinor: number; maxTier: number };
  loginAttemptsBeforeLock: number;
  session: { idleMinutes: number; absoluteMinutes: number };
  /** The temporary lock after loginAttemptsBeforeLock failed sign-ins (issue 12); see server/auth/sign-in-limits.ts for defaults. */
  loginLock?: LoginLockLimits;
  /** Per-username (or per-user) budgets a minute, on top of the per-address rate limits (issue 12). */
  throttle?: ThrottleLimits;
  /** Password reset mails a user gets at most in an hour (issue 12). */
  resetMailsPerHour?: number;
}

export interface LoginLockLimits {
  baseMinutes: number;
  growthFactor: number;
  maxMinutes: number;
}
export interface ThrottleLimits {
  signInFailuresPerUsername: number;
  recoveryPerAccount: number;
  reauthPerUser: number;
  ssoStartPerUsername: number;
}

export interface TenantConfigValues {
  componentOverride?: Record<string, string>;
  ecaasPrefix?: string;
  logging: { endpoint?: string; level: 'debug' | 'info' | 'warn' | 'error' };
  emsClientId?: string;
  api_version: string;
  invoice_details_version: number;
  bank_account_module_version: number;
  currency_version?: number;
  loadSecure: boolean;
  supportPhone?: string;
  supportEmail?: string;
  /** Where payments by mail go (shown with the mail method). */
  remittance?: { payee: string; lines: string[] };
}

/**
 * An OpenID Connect identity provider of the tenant (issue 22): operators set it in the tenant
 * file; a user group only chooses one by id. No request ever names an issuer or a secret.
 */
export interface IdentityProviderConfig {
  /** What a group stores and the group screens send. */
  id: string;
  /** Shown in the group screens. */
  name: string;
  /** An https URL, or http on localhost (the shipped local provider). */
  issuer: string;
  clientId: string;
  /** The NAME of the environment variable that holds the client secret; never the secret. */
  clientSecretEnv: string;
}

/** An issuer is an https URL, or http on localhost (the shipped local provider). */
export function issuerAcceptable(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1');
}

/** `overrides.texts`: by language, a key as the portal names it ("overview.title") → the tenant's text (domain/text-overrides.ts). */
export type TextOverrides = Partial<Record<LanguageCode, Record<string, string>>>;

export interface Tenant {
  id: string;
  hosts: string[];
  title: string;
  theme: { primaryColor: string; accentColor?: string; logo: string; colorScheme?: 'light' | 'dark' | 'auto' };
  prefixes: { configured: string; fleetChargeBeta: string; prod: string };
  languages: LanguageCode[];
  defaultLanguage: LanguageCode;
  flags: Record<string, boolean>;
  config: TenantConfigValues;
  limits: TenantLimits;
  /** Scheme, host and port the portal is reached at; links in emails use it, never a request's Host header. */
  publicOrigin?: string;
  /** timeoutMs: how long the server waits for a card authorisation (default 10 s). */
  paymentProvider: { name: 'sandbox'; publicKey?: string; timeoutMs?: number };
  /** The identity providers the tenant's groups may choose (single sign-on); none: no single sign-on. */
  identityProviders?: IdentityProviderConfig[];
  overrides?: { screens?: Record<string, object>; permissions?: Record<string, object>; texts?: TextOverrides; menus?: MenuOverrides };
}

/** spec §9: system type is the api version's first letter, upper-cased; default U. */
export function systemType(config: Pick<TenantConfigValues, 'api_version'>): string {
  return config.api_version.charAt(0).toUpperCase() || 'U';
}
