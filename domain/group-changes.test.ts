import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { effectiveSso, groupChangeRefusal, groupScope, type GroupChangeRefusal, type GroupState } from './group-changes.ts';

/**
 * Issue 22 item 5, tested as a model: random sequences of group changes (create, move, detach,
 * change customers, include child accounts, single sign-on and provider) by admins with different
 * customers, each applied only when `groupChangeRefusal` allows it, as the server does.
 *
 * The invariant, after every allowed change by admin A:
 * 1. A group A cannot see (some customer its members see is not A's) keeps its parent, the
 *    customers its members see and the single sign-on that applies to it. So for every other
 *    admin B, the groups B manages and A does not are untouched, and so are the customers their
 *    members see: only B changes them.
 * 2. Every group whose members' customers or sign-in changed shows, before and after, only A's
 *    customers: no change widens anyone's access beyond A's own customers.
 * 3. No group signs in with single sign-on and no provider.
 * Groups both A and B see are theirs to share: either may change them.
 *
 * Scope and inheritance are computed here again, independently of the rule (`referenceScope`,
 * `referenceSso`), so the test does not grade the rule with its own helpers.
 */

const CUSTOMERS = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] as const;
const ADMINS: ReadonlyArray<{ name: string; customers: readonly string[] }> = [
  { name: 'customer admin', customers: ['C1', 'C2', 'C3', 'C4'] },
  { name: 'corporate admin', customers: ['C1', 'C2', 'C5'] },
  { name: 'other organisation', customers: ['C5', 'C6'] },
  { name: 'program-wide admin', customers: [...CUSTOMERS] },
];
const PROVIDERS = ['idp-a', 'idp-b'];

/** Like the demo tenant: Headquarters includes its regions' accounts; a partner group signs in through a provider. */
const START: readonly GroupState[] = [
  { id: 1, parent_group_id: null, customers: ['C1', 'C4'], include_child_accounts: true, sso_enabled: false, identity_provider_id: null },
  { id: 2, parent_group_id: 1, customers: ['C2'], include_child_accounts: false, sso_enabled: false, identity_provider_id: null },
  { id: 3, parent_group_id: 1, customers: ['C3'], include_child_accounts: false, sso_enabled: false, identity_provider_id: null },
  { id: 4, parent_group_id: null, customers: ['C1'], include_child_accounts: false, sso_enabled: true, identity_provider_id: 'idp-a' },
  { id: 5, parent_group_id: null, customers: ['C5', 'C6'], include_child_accounts: true, sso_enabled: false, identity_provider_id: null },
];

function referenceScope(groups: readonly GroupState[], id: number): string {
  const group = groups.find((one) => one.id === id);
  if (!group) return '';
  const below = (parent: number, seen: Set<number>): GroupState[] =>
    groups
      .filter((one) => one.parent_group_id === parent && !seen.has(one.id))
      .flatMap((one) => {
        seen.add(one.id);
        return [one, ...below(one.id, seen)];
      });
  const members = group.include_child_accounts ? [group, ...below(id, new Set([id]))] : [group];
  return [...new Set(members.flatMap((one) => one.customers))].sort().join(',');
}

function referenceSso(groups: readonly GroupState[], id: number): string {
  const chain: GroupState[] = [];
  for (
    let group = groups.find((one) => one.id === id);
    group && !chain.includes(group);
    group = groups.find((one) => one.id === group!.parent_group_id)
  )
    chain.push(group);
  const source = chain.findIndex((group) => group.sso_enabled || group.identity_provider_id !== null);
  if (source < 0) return 'password';
  return `${chain[source]!.sso_enabled ? 'sso' : 'off'}:${chain.slice(source).find((group) => group.identity_provider_id)?.identity_provider_id ?? 'none'}`;
}

const sees = (groups: readonly GroupState[], id: number, customers: readonly string[]) =>
  referenceScope(groups, id)
    .split(',')
    .filter(Boolean)
    .every((customer) => customers.includes(customer));

type Operation =
  | { kind: 'create'; admin: number; parent: number | null; customers: string[]; include: boolean; sso: boolean; provider: string | null }
  | { kind: 'move'; admin: number; group: number; parent: number | null }
  | { kind: 'customers'; admin: number; group: number; customers: string[] }
  | { kind: 'include'; admin: number; group: number }
  | { kind: 'sso'; admin: number; group: number; sso: boolean; provider: string | null };

const admin = fc.nat(ADMINS.length - 1);
const pick = fc.nat(40); // an index into the groups of the moment, modulo their number
const customers = fc.subarray([...CUSTOMERS], { maxLength: 3 });
const provider = fc.constantFrom(null, 'idp-a', 'idp-b', 'idp-unknown');
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    admin,
    parent: fc.option(pick),
    customers,
    include: fc.boolean(),
    sso: fc.boolean(),
    provider,
  }),
  fc.record({ kind: fc.constant('move' as const), admin, group: pick, parent: fc.option(pick) }),
  fc.record({ kind: fc.constant('customers' as const), admin, group: pick, customers }),
  fc.record({ kind: fc.constant('include' as const), admin, group: pick }),
  fc.record({ kind: fc.constant('sso' as const), admin, group: pick, sso: fc.boolean(), provider }),
);

type Rule = (
  groups: readonly GroupState[],
  callerCustomers: readonly string[],
  after: GroupState,
  providerIds: readonly string[],
) => GroupChangeRefusal | undefined;

/** The group as the operation leaves it. */
function afterOf(groups: readonly GroupState[], op: Operation, nextId: number): GroupState {
  const at = (index: number) => groups[index % groups.length]!;
  if (op.kind === 'create') {
    return {
      id: nextId,
      parent_group_id: op.parent === null ? null : at(op.parent).id,
      customers: op.customers,
      include_child_accounts: op.include,
      sso_enabled: op.sso,
      identity_provider_id: op.provider,
    };
  }
  const group = at(op.group);
  switch (op.kind) {
    case 'move':
      return { ...group, parent_group_id: op.parent === null ? null : at(op.parent).id };
    case 'customers':
      return { ...group, customers: op.customers };
    case 'include':
      return { ...group, include_child_accounts: !group.include_child_accounts };
    case 'sso':
      return { ...group, sso_enabled: op.sso, identity_provider_id: op.provider };
  }
}

function invariantProblem(before: readonly GroupState[], after: readonly GroupState[], caller: readonly string[]): string | undefined {
  for (const group of before) {
    const changed =
      referenceScope(before, group.id) !== referenceScope(after, group.id) ||
      referenceSso(before, group.id) !== referenceSso(after, group.id) ||
      group.parent_group_id !== after.find((one) => one.id === group.id)?.parent_group_id;
    if (!changed) continue;
    if (!sees(before, group.id, caller)) return `group ${group.id}, which the caller cannot see, changed`;
    if (!sees(after, group.id, caller)) return `group ${group.id} changed and now shows customers outside the caller's`;
  }
  for (const group of after) {
    if (!before.some((one) => one.id === group.id) && !sees(after, group.id, caller))
      return `new group ${group.id} shows customers outside the caller's`;
    if (referenceSso(after, group.id) === 'sso:none') return `group ${group.id} signs in with single sign-on and no provider`;
  }
  for (const other of ADMINS) {
    for (const group of before) {
      if (!sees(before, group.id, other.customers) || sees(before, group.id, caller)) continue;
      if (referenceScope(before, group.id) !== referenceScope(after, group.id))
        return `${other.name}'s group ${group.id} changed its members' customers`;
    }
  }
  return undefined;
}

/** Runs the operations through `rule`; the first broken invariant, or undefined. Counts what was allowed and refused. */
function run(rule: Rule, operations: readonly Operation[], tally?: Map<string, number>): string | undefined {
  let groups: GroupState[] = START.map((group) => ({ ...group }));
  let nextId = 100;
  for (const op of operations) {
    const caller = ADMINS[op.admin]!.customers;
    const after = afterOf(groups, op, nextId);
    const refused = rule(groups, caller, after, PROVIDERS);
    tally?.set(`${op.kind}:${refused ? 'refused' : 'allowed'}`, (tally.get(`${op.kind}:${refused ? 'refused' : 'allowed'}`) ?? 0) + 1);
    if (refused) continue;
    const next = groups.some((group) => group.id === after.id)
      ? groups.map((group) => (group.id === after.id ? after : group))
      : [...groups, after];
    if (op.kind === 'create') nextId += 1;
    const problem = invariantProblem(groups, next, caller);
    if (problem) return `${problem} (after ${JSON.stringify(op)})`;
    groups = next;
  }
  return undefined;
}

describe("group tree changes stay inside the caller's scope (model, fast-check)", () => {
  it("no sequence of allowed changes by several admins widens anyone's access or touches what the admin cannot see", () => {
    const tally = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 25 }), (operations) => {
        expect(run(groupChangeRefusal, operations, tally)).toBeUndefined();
      }),
      { numRuns: 400 },
    );
    // Not vacuous: each kind of change was both allowed and refused.
    for (const kind of ['create', 'move', 'customers', 'include', 'sso']) {
      expect(tally.get(`${kind}:allowed`) ?? 0, kind).toBeGreaterThan(0);
      expect(tally.get(`${kind}:refused`) ?? 0, kind).toBeGreaterThan(0);
    }
  });

  it('catches the rule that was there before issue 22 (the caller sees the group and its new parent; its customers are theirs)', () => {
    const before: Rule = (groups, caller, after) => {
      const existing = groups.some((group) => group.id === after.id);
      if (existing && !sees(groups, after.id, caller)) return { status: 403, field: '', code: ErrorCode.notFound };
      if (after.parent_group_id !== null && !sees(groups, after.parent_group_id, caller))
        return { status: 403, field: '', code: ErrorCode.notFound };
      if (after.customers.some((customer) => !caller.includes(customer)))
        return { status: 422, field: '', code: ErrorCode.groupCustomerOutOfScope };
      return undefined;
    };
    const result = fc.check(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 25 }), (operations) => run(before, operations) === undefined),
      { numRuns: 400 },
    );
    expect(result.failed).toBe(true);
  });

  it("the scope and inheritance the rule uses agree with the model's", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 15 }), (operations) => {
        let groups: GroupState[] = START.map((group) => ({ ...group }));
        let nextId = 100;
        for (const op of operations) {
          const after = afterOf(groups, op, nextId);
          if (groupChangeRefusal(groups, CUSTOMERS, after, PROVIDERS)) continue;
          groups = groups.some((group) => group.id === after.id)
            ? groups.map((group) => (group.id === after.id ? after : group))
            : [...groups, after];
          if (op.kind === 'create') nextId += 1;
        }
        for (const group of groups) {
          expect(groupScope(groups, group.id).join(',')).toBe(referenceScope(groups, group.id));
          const sso = effectiveSso(groups, group.id);
          expect(sso ? `${sso.enabled ? 'sso' : 'off'}:${sso.providerId ?? 'none'}` : 'password').toBe(referenceSso(groups, group.id));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the rules one by one (demo-like tree)', () => {
  const corporate = ADMINS[1]!.customers;
  const hqAdmin = ADMINS[0]!.customers;
  const refusal = (caller: readonly string[], after: GroupState, groups: readonly GroupState[] = START) =>
    groupChangeRefusal(groups, caller, after, PROVIDERS)?.code;
  const group = (id: number) => START.find((one) => one.id === id)!;

  it('refuses attaching a group under a tree whose including group the caller cannot see', () => {
    expect(refusal(corporate, { ...group(2), id: 99, customers: ['C5'] })).toBe(ErrorCode.groupOutOfScope);
  });

  it('refuses detaching a visible group from such a tree, and changing its customers', () => {
    expect(refusal(corporate, { ...group(2), parent_group_id: null })).toBe(ErrorCode.groupOutOfScope);
    expect(refusal(corporate, { ...group(2), customers: ['C2', 'C5'] })).toBe(ErrorCode.groupOutOfScope);
    expect(refusal(hqAdmin, { ...group(2), parent_group_id: null })).toBeUndefined();
  });

  it('refuses single sign-on on a group with a child group the caller cannot see', () => {
    const groups = [
      ...START,
      { id: 6, parent_group_id: 4, customers: ['C3'], include_child_accounts: false, sso_enabled: false, identity_provider_id: null },
    ];
    expect(refusal(corporate, { ...group(4), identity_provider_id: 'idp-b' }, groups)).toBe(ErrorCode.groupOutOfScope);
    expect(refusal(hqAdmin, { ...group(4), identity_provider_id: 'idp-b' }, groups)).toBeUndefined();
  });

  it('refuses an unknown provider, and single sign-on with no provider up the tree', () => {
    expect(refusal(hqAdmin, { ...group(3), sso_enabled: true, identity_provider_id: 'elsewhere' })).toBe(
      ErrorCode.groupIdentityProviderUnknown,
    );
    expect(refusal(hqAdmin, { ...group(3), sso_enabled: true })).toBe(ErrorCode.groupSsoProviderRequired);
    expect(refusal(hqAdmin, { ...group(3), id: 99, parent_group_id: 4, sso_enabled: true })).toBeUndefined();
    // Clearing the provider a child's single sign-on inherits strands the child.
    const groups = [
      ...START,
      { id: 6, parent_group_id: 4, customers: ['C1'], include_child_accounts: false, sso_enabled: true, identity_provider_id: null },
    ];
    expect(refusal(hqAdmin, { ...group(4), sso_enabled: false, identity_provider_id: null }, groups)).toBe(
      ErrorCode.groupSsoProviderRequired,
    );
  });
});
