import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { flagOn, type FeatureFlags } from './flags.ts';

export type Action = 'read' | 'create' | 'update' | 'delete' | 'manage';
export type Subject =
  | 'Self'
  | 'Session'
  | 'Customer'
  | 'Location'
  | 'Merchant'
  | 'Currency'
  | 'Notification'
  | 'Exposure'
  | 'Invoice'
  | 'InvoiceDocument'
  | 'Dispute'
  | 'DisputeResponse'
  | 'Payment'
  | 'BankAccount'
  | 'BankingCountry'
  | 'ProgramOverview'
  | 'LoyaltyProgram'
  | 'Card'
  | 'CardSecure'
  | 'User'
  | 'UserGroup'
  | 'Rejection'
  | 'CreditApplication'
  | 'all';
export type PortalAbility = MongoAbility<[Action, Subject]>;
type Rule = RawRuleOf<PortalAbility>;

export type RoleName = 'admin' | 'payer' | 'view only' | 'card viewer' | 'safety manager' | 'enrollment manager';
export type PolicyUserType = 'customer' | 'corporate' | 'merchant';

/** The shape of permissions/policy.json (validated by schemas/policy.schema.json). */
export interface Policy {
  ruleSets: Record<string, Rule[]>;
  grants: Record<PolicyUserType, Record<RoleName, string[]>>;
  flagGates: Partial<Record<Subject, string>>;
}

/**
 * spec §6: roles are compared lowercased; the default role is Viewer, which is "view only".
 * normaliseRole('Card Viewer') === 'card viewer'; normaliseRole(undefined) === 'view only'
 */
export function normaliseRole(role: string | null | undefined): RoleName {
  const lower = (role ?? '').trim().toLowerCase();
  switch (lower) {
    case 'admin':
    case 'payer':
    case 'card viewer':
    case 'safety manager':
    case 'enrollment manager':
      return lower;
    default:
      return 'view only';
  }
}

export interface AbilityInput {
  userType: string | null | undefined;
  role: string | null | undefined;
  flags: FeatureFlags;
}

/** The rules a user gets; the browser and the server both build their Ability from these. */
export function rulesFor(policy: Policy, input: AbilityInput): Rule[] {
  const userType =
    input.userType === 'corporate' || input.userType === 'merchant' || input.userType === 'customer' ? input.userType : undefined;
  if (!userType) return [];
  const granted = policy.grants[userType][normaliseRole(input.role)].flatMap((name) => {
    const set = policy.ruleSets[name];
    if (!set) throw new Error(`Policy grants unknown rule set ${name}`);
    return set;
  });
  // Inverted rules come last so a flag that is off wins over every grant (CASL: later rules take precedence).
  const gated: Rule[] = Object.entries(policy.flagGates)
    .filter(([, flag]) => flag !== undefined && !flagOn(input.flags, flag))
    .map(([subject, flag]) => ({ action: 'manage', subject: subject as Subject, inverted: true, reason: `flag:${flag}` }));
  return [...granted, ...gated];
}

export function buildAbility(policy: Policy, input: AbilityInput): PortalAbility {
  return createMongoAbility<PortalAbility>(rulesFor(policy, input));
}
