import type { ErrorCode } from '../../domain/error-codes.ts';
import { groupChangeRefusal, type GroupChangeRefusal, type GroupState } from '../../domain/group-changes.ts';
import { groupNameProblems, type GroupProblem } from '../../domain/groups.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import { ApiError, unprocessable } from '../http/errors.ts';
import type { GroupFields } from './request-schemas.ts';
import { type GroupRow, tenantGroupRows } from './queries.ts';

function refuse(problems: GroupProblem[]): void {
  const [problem] = problems;
  if (problem)
    throw unprocessable(problem.code as typeof ErrorCode.fieldRequired, { pointer: `/${problem.field}` }, { field: problem.field });
}

/** The group rule's refusal as the API's error, naming the field it is about. */
function refusalError(refusal: GroupChangeRefusal): ApiError {
  return new ApiError(
    refusal.status,
    refusal.code,
    { pointer: `/${refusal.field}` },
    refusal.meta ?? (refusal.field ? { field: refusal.field } : undefined),
  );
}

/** "C-1001, C-1004" or ["C-1001"] as a list of distinct ids. */
function customerList(value: string[] | string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : value.split(/[\s,;]+/);
  return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
}

const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);
export const parentIdOf = (value: number | string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : Number(value);

/** The columns a create or edit writes (name checked here; the rest by the group rule, with the tree). */
export function groupValues(body: GroupFields) {
  const values = {
    name: body.name?.trim(),
    // PATCH: an empty choice is no change.
    network_access: body.network_access || undefined,
    sso_enabled: body.sso_enabled,
    // An emptied choice: no provider of its own.
    identity_provider_id: emptyToNull(body.identity_provider_id),
    include_child_accounts: body.include_child_accounts,
  };
  if (values.name !== undefined) refuse(groupNameProblems(values.name));
  return { values, customers: customerList(body.customers) };
}

/**
 * Issue 22: the tenant's groups read inside the writing transaction, locked, then the group rule
 * (domain/group-changes.ts) on the group as the change leaves it. Two admins changing the tree at
 * once take turns, in one process or many (the lock is PostgreSQL's), so the rule always judges
 * the tree it changes.
 */
export async function checkedChange(
  trx: Database,
  tenant: Tenant,
  auth: AuthContext,
  after: (groups: GroupRow[]) => GroupState,
): Promise<GroupRow[]> {
  await trx.selectFrom('user_groups').select('id').where('tenant_id', '=', tenant.id).forUpdate().execute();
  const groups = await tenantGroupRows(trx, tenant.id);
  const providerIds = (tenant.identityProviders ?? []).map((provider) => provider.id);
  const refusal = groupChangeRefusal(groups, auth.customerIds, after(groups), providerIds);
  if (refusal) throw refusalError(refusal);
  return groups;
}
