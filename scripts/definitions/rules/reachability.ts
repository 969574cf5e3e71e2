/**
 * A screen some user can open: some user type, role and set of flags passes its guard
 * (domain/route-guards.ts decideGuard, with the CASL ability domain/policy.ts builds). A screen
 * nobody can open is a typo (a misspelt role or flag, a user type the policy grants nothing) and
 * would silently get no snapshot either.
 */
import type { ScreenDefinition } from '../../../engine/definitions/types.ts';
import { buildAbility } from '../../../domain/policy.ts';
import { decideGuard, type UserType } from '../../../domain/route-guards.ts';
import type { Contract } from '../contract.ts';
import type { DefinitionFile } from '../definition-set.ts';
import type { Problem } from '../problems.ts';

/** The flags most in a guard's favour: every known flag on, the ones it forbids off. */
function flagsFor(guard: ScreenDefinition['guard'], flags: readonly string[]): Record<string, boolean> {
  const forbidden = new Set(guard.forbiddenFlags ?? []);
  // A forbidden `x_enabled` stays off only while its `x_disabled` twin is not false (the spec §5 twin rule).
  return Object.fromEntries(flags.map((flag) => [flag, !forbidden.has(flag) && !forbidden.has(flag.replace(/disabled$/, 'enabled'))]));
}

export function checkReachable(screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>, contract: Contract): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of screens) {
    const { guard } = definition;
    if (guard.public) continue;
    const flags = flagsFor(guard, contract.flags);
    const opens = contract.userTypes.some((userType) =>
      contract.roles.some(
        (role) =>
          decideGuard(guard, {
            authenticated: true,
            userType: userType as UserType,
            role,
            flags,
            ability: buildAbility(contract.policy, { userType, role, flags }),
            hasCustomer: true,
            hasMerchant: true,
          }).allow,
      ),
    );
    if (!opens)
      problems.push({ file, pointer: '/guard', code: 'definitions.nobodyCanOpen', params: { userTypes: contract.userTypes.join(', ') } });
  }
  return problems;
}
