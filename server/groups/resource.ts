import { groupPaths } from '../../domain/groups.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import { boolean, integer, nullableInteger, nullableText, resourceSchema, strictObject, text, textList } from '../http/api-schema.ts';
import { notFound } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { tenantProvider } from '../sso/settings.ts';
import type { FastifyReply } from 'fastify';
import { type GroupRow, visibleGroups } from './queries.ts';

export const groupResourceSchema = resourceSchema(
  'user-groups',
  strictObject({
    group_id: integer,
    name: text,
    parent_group_id: nullableInteger,
    parent_group: nullableText,
    path: text,
    depth: integer,
    tree_label: text,
    network_access: nullableText,
    identity_provider_id: nullableText,
    identity_provider: nullableText,
    sso_enabled: boolean,
    sso_inherited: boolean,
    customers: textList,
    customers_text: text,
    include_child_accounts: boolean,
    user_count: integer,
    value: text,
    label: text,
  }),
);

export function groupResources(groups: GroupRow[], tenant: Tenant) {
  const all = groups;
  const paths = groupPaths(all);
  const byId = new Map(all.map((group) => [group.id, group]));
  const ssoInherited = (group: GroupRow): boolean => {
    let parent = group.parent_group_id === null ? undefined : byId.get(group.parent_group_id);
    for (let depth = 0; parent && depth < 50; depth++) {
      if (parent.sso_enabled) return true;
      parent = parent.parent_group_id === null ? undefined : byId.get(parent.parent_group_id);
    }
    return false;
  };
  return [...all]
    .sort((a, b) => (paths.get(a.id)?.path.join('\u0000') ?? '').localeCompare(paths.get(b.id)?.path.join('\u0000') ?? ''))
    .map((group) => {
      const { path = [group.name], depth = 0 } = paths.get(group.id) ?? {};
      return resource('user-groups', group.id, {
        group_id: group.id,
        name: group.name,
        parent_group_id: group.parent_group_id,
        parent_group: group.parent_group_id === null ? null : (byId.get(group.parent_group_id)?.name ?? null),
        path: path.join(' / '),
        depth,
        // The tree as text: each level indented under its parent.
        tree_label: `${'\u00a0\u00a0\u00a0\u00a0'.repeat(depth)}${depth > 0 ? '\u2514 ' : ''}${group.name}`,
        network_access: group.network_access,
        identity_provider_id: group.identity_provider_id,
        // The chosen provider's display name only: its issuer, client and secret stay on the server.
        identity_provider: tenantProvider(tenant, group.identity_provider_id)?.name ?? null,
        sso_enabled: group.sso_enabled,
        sso_inherited: !group.sso_enabled && ssoInherited(group),
        customers: group.customers,
        customers_text: group.customers.join(', '),
        include_child_accounts: group.include_child_accounts,
        user_count: group.user_count,
        value: String(group.id),
        label: path.join(' / '),
      });
    });
}

/** One group the caller may manage, as the document a route answers with (404 when it is not theirs). */
export async function sendGroup(db: Database, reply: FastifyReply, tenant: Tenant, auth: AuthContext, id: number, status = 200) {
  const groups = await visibleGroups(db, tenant.id, auth);
  const data = groupResources(groups, tenant).find((item) => item.id === String(id));
  if (!data) throw notFound();
  return reply.status(status).type(JSON_API).send({ data });
}
