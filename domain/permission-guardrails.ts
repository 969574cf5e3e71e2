import { buildAbility, type Action, type Policy, type PolicyUserType, type RoleName, type Subject } from './policy.ts';

/**
 * What no tenant's permission overrides may do (issue 24), whatever an operator wants: the bars of
 * spec §6 that protect people (safety managers and card viewers see no account, card viewers
 * create no disputes and see no notifications, safety managers see no cards), and an override may
 * not leave a user type without any role able to manage its users (nobody could ever undo it from
 * the portal). Checked on the policy before flags: a flag switches a feature off, never on.
 */
export interface GuardrailRefusal {
  /** i18n key of the reason (locales/<lang>/studio.json). */
  code: 'studio.guardrails.forbiddenGrant' | 'studio.guardrails.noUserManager';
  values: Record<string, string>;
  pointer: string;
}

const BARRED: ReadonlyArray<{ role: RoleName; action: Action; subject: Subject }> = [
  ...(['card viewer', 'safety manager'] as const).flatMap((role) => [
    { role, action: 'read' as const, subject: 'Exposure' as const },
    { role, action: 'read' as const, subject: 'Invoice' as const },
    { role, action: 'read' as const, subject: 'Dispute' as const },
    { role, action: 'read' as const, subject: 'BankAccount' as const },
    { role, action: 'read' as const, subject: 'LoyaltyProgram' as const },
    { role, action: 'read' as const, subject: 'User' as const },
  ]),
  { role: 'card viewer', action: 'create', subject: 'Dispute' },
  { role: 'card viewer', action: 'read', subject: 'Notification' },
  { role: 'safety manager', action: 'read', subject: 'Card' },
];

const USER_TYPES: readonly PolicyUserType[] = ['customer', 'corporate', 'merchant'];

function abilityWithoutFlags(policy: Policy, userType: PolicyUserType, role: RoleName) {
  return buildAbility({ ...policy, flagGates: {} }, { userType, role, flags: {} });
}

function managesUsers(policy: Policy, userType: PolicyUserType): boolean {
  return Object.keys(policy.grants[userType] ?? {}).some((role) =>
    abilityWithoutFlags(policy, userType, role as RoleName).can('create', 'User'),
  );
}

/** The refusals of `policy` (a tenant's effective policy); `shipped` says which user types manage users at all. */
export function permissionGuardrails(policy: Policy, shipped: Policy): GuardrailRefusal[] {
  const refusals: GuardrailRefusal[] = [];
  for (const userType of USER_TYPES) {
    for (const { role, action, subject } of BARRED) {
      if (!policy.grants[userType]?.[role]) continue;
      if (abilityWithoutFlags(policy, userType, role).can(action, subject)) {
        refusals.push({
          code: 'studio.guardrails.forbiddenGrant',
          values: { userType, role, action, subject },
          pointer: `/overrides/permissions/grants/${userType}/${role}`,
        });
      }
    }
    if (managesUsers(shipped, userType) && !managesUsers(policy, userType)) {
      refusals.push({
        code: 'studio.guardrails.noUserManager',
        values: { userType },
        pointer: `/overrides/permissions/grants/${userType}`,
      });
    }
  }
  return refusals;
}
