/**
 * A table column hidden for some roles (issue 24: "Invoices: column PO number hidden for payers").
 * The column carries `when: { "session.role": { "$nin": [roles…] } }`, a condition over the
 * binding context like any widget's, whose `session.role` is the policy's role name ("payer",
 * "card viewer": engine/screens/screen-bindings.ts). The studio writes that shape and the diff
 * reads it back; a column whose `when` says anything else is the JSON editor's to change.
 */
export const ROLE_BINDING = 'session.role';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The roles a column's `when` hides it from: [] without a `when`, the roles of the studio's shape,
 * null for any other condition.
 * rolesHiddenFrom({ 'session.role': { $nin: ['payer'] } }) → ['payer']
 */
export function rolesHiddenFrom(when: unknown): string[] | null {
  if (when === undefined) return [];
  if (!isRecord(when)) return null;
  const keys = Object.keys(when);
  const test = when[ROLE_BINDING];
  if (keys.length !== 1 || !isRecord(test) || Object.keys(test).length !== 1) return null;
  const roles = test.$nin;
  return Array.isArray(roles) && roles.every((role) => typeof role === 'string') ? [...roles] : null;
}

/** The `when` hiding a column from `roles` (none: no `when` at all), in `order` (the policy's) so a patch and its diff stay stable. */
export function whenHiddenFor(roles: readonly string[], order: readonly string[] = []): Record<string, unknown> | undefined {
  if (roles.length === 0) return undefined;
  const rank = (role: string) => (order.includes(role) ? order.indexOf(role) : order.length);
  const sorted = [...new Set(roles)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return { [ROLE_BINDING]: { $nin: sorted } };
}
