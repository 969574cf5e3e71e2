import type { LanguageCode } from '../../common/locales.ts';
import type { TenantLimits, TextOverrides } from '../../domain/tenant.ts';
import type { MenuItem } from '../../domain/menus.ts';
import type { UserType } from '../../domain/route-guards.ts';

export type { UserType };

/** GET /config attributes. */
export interface PortalConfig {
  title: string;
  theme: { primaryColor: string; accentColor?: string; logo: string; colorScheme?: 'light' | 'dark' | 'auto' };
  prefixes: { configured: string; fleetChargeBeta: string; prod: string };
  languages: LanguageCode[];
  defaultLanguage: LanguageCode;
  componentOverride: Record<string, string>;
  ecaasPrefix: string;
  logging: { endpoint?: string; level: 'debug' | 'info' | 'warn' | 'error' };
  api_version: string;
  system_type: string;
  invoice_details_version: number;
  bank_account_module_version: number;
  currency_version: number | null;
  loadSecure: boolean;
  supportPhone: string | null;
  supportEmail: string | null;
  limits: Omit<TenantLimits, 'loginAttemptsBeforeLock' | 'session'>;
  /** The tenant's overrides: screens and permissions (JSON Merge Patches), its own texts by language (issue 24). */
  overrides: { screens?: Record<string, object>; permissions?: Record<string, object>; texts?: TextOverrides };
}

export interface IdLabel {
  id: string;
  label: string;
  status?: string;
  currency?: string;
}

/** GET /self attributes (spec §3 user session). */
export interface SelfAttributes {
  authenticated: boolean;
  session_data: {
    logged_in: boolean;
    /** Signed out because the session's time ran out (the server still knew the session). */
    session_expired?: boolean;
    language?: string;
    user_type?: UserType;
    customer_id?: string | null;
    location?: string | null;
    merchant_id?: string | null;
    /** An operator's read-only preview of this user (issue 24): its language is the preview's. */
    preview?: boolean;
  };
  first_name?: string;
  last_name?: string;
  full_name?: string;
  email_address?: string;
  username?: string;
  user_id?: number;
  role?: string;
  status?: string;
  user_type?: UserType;
  user_types?: UserType[];
  language?: string;
  locale_ISO?: string;
  language_ISO?: string;
  timeZone?: string;
  customers?: IdLabel[];
  merchants?: IdLabel[];
  customerCurrencies?: IdLabel[];
  merchantCurrencies?: IdLabel[];
  /** Issue 26: the user's default currency (currency management), kept on the server; null: spec §9's. */
  defaultCurrency?: string | null;
  isSso?: boolean;
  inSsoGroup?: boolean;
  userGroupId?: number | null;
  customerEntityRestricted?: boolean;
  merchantEntityRestricted?: boolean;
  /** The side menu (domain/menus.ts buildMenu, the one rule), which the shell renders as answered. */
  menu?: MenuItem[];
}

/** spec §3 selected customer. */
export interface SelectedCustomer {
  buidCustomer: string;
  customerName: string;
  paymentEligible: boolean;
  paymentWebText: string | null;
  isActive: boolean;
  buidLocation: string | null;
  locationName: string | null;
  currency: string;
  status: string;
}

export interface SelectedMerchant {
  buidMerchant: string;
  merchantName: string;
  status: string;
  currency: string;
}

export type PaymentMode = 'INDIVIDUAL_ACCOUNT' | 'PROGRAM_OVERVIEW';

export interface MappedLocation {
  buidLocation: string;
  buidCustomer: string;
  display_location: string;
  name: string;
}

export interface LoyaltyEnrollment {
  id: string;
  attributes: Record<string, unknown>;
}

/** Everything the shell knows about the session; one store, read with useSession(). */
export interface SessionState {
  status: 'loading' | 'ready' | 'failed';
  config: PortalConfig | null;
  flags: Record<string, boolean>;
  self: SelfAttributes | null;
  userType: UserType;
  selectedCustomer: SelectedCustomer | null;
  selectedMerchant: SelectedMerchant | null;
  customerCurrencies: IdLabel[];
  /** A merchant user's: the chosen merchant's currencies (GET /self merchantCurrencies, spec §4/§9). */
  merchantCurrencies: IdLabel[];
  selectedCurrency: string | null;
  mappedLocations: MappedLocation[];
  loyaltyPrograms: LoyaltyEnrollment[];
  loyaltyError: boolean;
  paymentMode: PaymentMode;
  /** spec §4: a merchant roll-up shows for non-corporate users with several merchants. */
  merchantRollUp: boolean;
  /** Issue 26 defect 3: the session ended on its own (expired), not by signing out: the sign-in page says so. */
  sessionExpired: boolean;
  /** GET /config-secure (spec §7), once signed in when the tenant's loadSecure is set; null otherwise. */
  secureConfig: SecureConfig | null;
}

/** GET /config-secure attributes: what a signed-in browser may know, never a secret. */
export interface SecureConfig {
  emsClientId: string | null;
  paymentProvider: { name: string; publicKey: string | null };
  loginAttemptsBeforeLock: number;
  session: { idleMinutes: number; absoluteMinutes: number };
}
