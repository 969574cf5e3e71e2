import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import {
  GROUP_NAME_MAX, NETWORK_ACCESS, SECRET_ENV_MAX, groupNameProblems, groupPaths, groupSsoProblems, wouldCycle,
  type GroupProblem,
} from '../../domain/groups.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import type { AuthContext } from '../auth/context.ts';
import { sessionCache } from '../auth/session-cache.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import { groupCustomerScope } from '../groups/scope.ts';
import {
  boolean, idInteger, integer, nullableInteger, nullableText, pagedDocument, resourceSchema, responses, singleDocument, strictObject, text, textList,
} from '../http/api-schema.ts';
import { ApiError, notFound, unprocessable } from '../http/errors.ts';
import { JSON_API, pageMeta, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { managedUsers } from '../users/queries.ts';

const groupList = { filters: ['search'] as const, sorts: [] as const, defaultSort: [] as const };
const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } } } as const;
const groupId = { anyOf: [idInteger, { type: 'string', pattern: '^[0-9]{0,12}$' }, { type: 'null' }] } as const;
const idValue = { anyOf: [idInteger, { type: 'string', pattern: '^[0-9]{1,12}$' }] } as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const groupFields = {
  name: { type: 'string', maxLength: GROUP_NAME_MAX + 50 },
  parent_group_id: { description: 'The parent group; null or empty for a top-level group', ...groupId },
  network_access: { anyOf: [{ type: 'string', enum: [...NETWORK_ACCESS, ''] }, { type: 'null' }] },
  sso_enabled: { type: 'boolean' },
  identity_provider: optionalText(100),
  oidc_issuer: { description: 'OpenID Connect issuer: an https URL, or http on localhost', ...optionalText(500) },
  oidc_client_id: optionalText(200),
  oidc_client_secret_env: { description: 'Name of the environment variable holding the client secret ([A-Z][A-Z0-9_]*)', ...optionalText(SECRET_ENV_MAX + 20) },
  customers: {
    description: 'The group\'s customers: a list of ids, or one text of ids separated by commas',
    oneOf: [{ type: 'array', maxItems: 500, items: { type: 'string', maxLength: 64 } }, { type: 'string', maxLength: 4000 }],
  },
  include_child_accounts: { type: 'boolean' },
} as const;
const createBody = {
  type: 'object', additionalProperties: false, required: ['name'],
  properties: { ...groupFields, top_level: { description: 'The wizard\'s "top level" choice: the group gets no parent, whatever parent_group_id says', type: 'boolean' } },
} as const;
const updateBody = { type: 'object', additionalProperties: false, minProperties: 1, properties: groupFields } as const;
const membersBody = {
  type: 'object', additionalProperties: false,
  properties: {
    user_ids: { type: 'array', minItems: 1, maxItems: 500, items: idValue },
    user_id: { description: 'One user, as the move form sends it', ...idValue },
    move: { description: 'Confirms moving users who are in another group (spec §4)', type: 'boolean' },
  },
} as const;

interface GroupBody {
  name?: string; parent_group_id?: number | string | null; network_access?: string | null; sso_enabled?: boolean;
  identity_provider?: string | null; oidc_issuer?: string | null; oidc_client_id?: string | null; oidc_client_secret_env?: string | null;
  customers?: string[] | string; include_child_accounts?: boolean; top_level?: boolean;
}

export const groupResourceSchema = resourceSchema('user-groups', strictObject({
  group_id: integer, name: text, parent_group_id: nullableInteger, parent_group: nullableText, path: text, depth: integer,
  tree_label: text, network_access: nullableText, identity_provider: nullableText, sso_enabled: boolean, sso_inherited: boolean,
  oidc_issuer: nullableText, oidc_client_id: nullableText, oidc_client_secret_env: nullableText,
  customers: textList, customers_text: text, include_child_accounts: boolean, user_count: integer, value: text, label: text,
}));

interface GroupRow {
  id: number; name: string; parent_group_id: number | null; network_access: string | null; identity_provider: string | null;
  sso_enabled: boolean; include_child_accounts: boolean; oidc_issuer: string | null; oidc_client_id: string | null;
  oidc_client_secret_env: string | null; customers: string[]; user_count: number; scope: string[];
}

/** The tenant's groups the caller may manage (every customer a member would see is the caller's), in tree order. */
async function visibleGroups(db: Database, tenantId: string, auth: AuthContext): Promise<GroupRow[]> {
  const rows = await db.selectFrom('user_groups as g')
    .select((eb) => [
      'g.id', 'g.name', 'g.parent_group_id', 'g.network_access', 'g.identity_provider', 'g.sso_enabled', 'g.include_child_accounts',
      'g.oidc_issuer', 'g.oidc_client_id', 'g.oidc_client_secret_env',
      eb.fn<string[]>('array', [eb.selectFrom('user_group_customers as c').select('c.buid_customer').whereRef('c.user_group_id', '=', 'g.id').orderBy('c.buid_customer')]).as('customers'),
      eb.selectFrom('users as u').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('u.user_group_id', '=', 'g.id').as('user_count'),
    ])
    .where('g.tenant_id', '=', tenantId).execute();
  const groups = await Promise.all(rows.map(async (row) => ({
    ...row, id: Number(row.id), parent_group_id: row.parent_group_id === null ? null : Number(row.parent_group_id),
    user_count: Number(row.user_count ?? 0), scope: await groupCustomerScope(db, Number(row.id)),
  })));
  return groups.filter((group) => group.scope.every((customer) => auth.customerIds.includes(customer)));
}

function groupResources(groups: GroupRow[]) {
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
        group_id: group.id, name: group.name, parent_group_id: group.parent_group_id,
        parent_group: group.parent_group_id === null ? null : byId.get(group.parent_group_id)?.name ?? null,
        path: path.join(' / '), depth,
        // The tree as text: each level indented under its parent.
        tree_label: `${'\u00a0\u00a0\u00a0\u00a0'.repeat(depth)}${depth > 0 ? '\u2514 ' : ''}${group.name}`,
        network_access: group.network_access, identity_provider: group.identity_provider, sso_enabled: group.sso_enabled,
        sso_inherited: !group.sso_enabled && ssoInherited(group),
        oidc_issuer: group.oidc_issuer, oidc_client_id: group.oidc_client_id, oidc_client_secret_env: group.oidc_client_secret_env,
        customers: group.customers, customers_text: group.customers.join(', '), include_child_accounts: group.include_child_accounts,
        user_count: group.user_count, value: String(group.id), label: path.join(' / '),
      });
    });
}

function refuse(problems: GroupProblem[]): void {
  const [problem] = problems;
  if (problem) throw unprocessable(problem.code as typeof ErrorCode.fieldRequired, { pointer: `/${problem.field}` }, { field: problem.field });
}

/** "C-1001, C-1004" or ["C-1001"] as a list of distinct ids. */
function customerList(value: string[] | string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : value.split(/[\s,;]+/);
  return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
}

const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);
const parentIdOf = (value: number | string | null | undefined) => (value === undefined ? undefined : value === null || value === '' ? null : Number(value));

/** The columns a create or edit writes, checked: the same rules for both. */
function groupValues(body: GroupBody, auth: AuthContext) {
  const values = {
    name: body.name?.trim(),
    // PATCH: an empty choice is no change.
    network_access: body.network_access || undefined,
    sso_enabled: body.sso_enabled,
    identity_provider: emptyToNull(body.identity_provider),
    oidc_issuer: emptyToNull(body.oidc_issuer),
    oidc_client_id: emptyToNull(body.oidc_client_id),
    oidc_client_secret_env: emptyToNull(body.oidc_client_secret_env),
    include_child_accounts: body.include_child_accounts,
  };
  if (values.name !== undefined) refuse(groupNameProblems(values.name));
  refuse(groupSsoProblems(values));
  const customers = customerList(body.customers);
  const outside = customers?.find((customer) => !auth.customerIds.includes(customer));
  if (outside) throw unprocessable(ErrorCode.groupCustomerOutOfScope, { pointer: '/customers' }, { customer: outside });
  return { values, customers };
}

async function nameTaken(db: Database, tenantId: string, name: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('user_groups').select('id').where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Members of these groups see other customers from now on: their cached sessions go. */
function forgetScopes(): void {
  sessionCache.evictAll();
}

/** spec §2 /manage-groups, issue 17: the group tree, the two-step wizard (create and edit) and adding users to a group (Admin). */
export function groupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  async function visibleGroup(tenantId: string, auth: AuthContext, id: number | string) {
    const groups = await visibleGroups(db, tenantId, auth);
    const group = groups.find((candidate) => candidate.id === Number(id));
    return { groups, group };
  }

  async function sendGroup(reply: import('fastify').FastifyReply, tenantId: string, auth: AuthContext, id: number, status = 200) {
    const groups = await visibleGroups(db, tenantId, auth);
    const data = groupResources(groups).find((item) => item.id === String(id));
    if (!data) throw notFound();
    return reply.status(status).type(JSON_API).send({ data });
  }

  app.get('/user-groups', {
    schema: { querystring: listQuerystring(groupList), response: responses(pagedDocument(groupResourceSchema), 'Groups in tree order, paged') },
    config: { access: { can: ['read', 'UserGroup'] }, summary: 'The tenant\'s groups the caller may manage, parents before their children; filter[search] on the name' },
  }, async (request, reply) => {
    const auth = authOf(request);
    const list = parseListQuery(request.query as Record<string, string>, groupList);
    let data = groupResources(await visibleGroups(db, request.tenant.id, auth));
    const search = list.filters.search?.toLowerCase();
    if (search) data = data.filter((item) => item.attributes.path.toLowerCase().includes(search));
    const { number, size } = list.page;
    return reply.type(JSON_API).send({ data: data.slice((number - 1) * size, number * size), meta: { page: pageMeta(list.page, data.length) } });
  });

  app.get<{ Params: { id: string } }>('/user-groups/:id', {
    schema: { params: idParams, response: responses(singleDocument(groupResourceSchema), 'One group') },
    config: { access: { can: ['read', 'UserGroup'] }, summary: 'One group the caller may manage' },
  }, async (request, reply) => sendGroup(reply, request.tenant.id, authOf(request), Number(request.params.id)));

  app.post<{ Body: GroupBody }>('/user-groups', {
    schema: { body: createBody, response: responses(singleDocument(groupResourceSchema), 'The group created', 201) },
    config: { access: { can: ['create', 'UserGroup'] }, summary: 'Create a group or a child group (the wizard: name and parent, then network access, identity provider and customers); 409 errors.groups.nameTaken' },
  }, async (request, reply) => {
    const auth = authOf(request);
    const tenantId = request.tenant.id;
    const { values, customers } = groupValues(request.body, auth);
    if (!values.name) throw unprocessable(ErrorCode.fieldRequired, { pointer: '/name' }, { field: 'name' });
    const parentId = request.body.top_level ? null : parentIdOf(request.body.parent_group_id) ?? null;
    if (parentId !== null && !(await visibleGroup(tenantId, auth, parentId)).group) throw new ApiError(404, ErrorCode.notFound, { pointer: '/parent_group_id' });
    if (await nameTaken(db, tenantId, values.name)) throw new ApiError(409, ErrorCode.groupNameTaken, { pointer: '/name' });
    const id = await db.transaction().execute(async (trx) => {
      const created = await trx.insertInto('user_groups').values({
        tenant_id: tenantId, name: values.name ?? '', parent_group_id: parentId, network_access: values.network_access ?? null,
        identity_provider: values.identity_provider ?? null, sso_enabled: values.sso_enabled ?? false,
        include_child_accounts: values.include_child_accounts ?? false, oidc_issuer: values.oidc_issuer ?? null,
        oidc_client_id: values.oidc_client_id ?? null, oidc_client_secret_env: values.oidc_client_secret_env ?? null,
      }).returning('id').executeTakeFirstOrThrow();
      if (customers?.length) {
        await trx.insertInto('user_group_customers').values(customers.map((customer) => ({ user_group_id: created.id, buid_customer: customer }))).execute();
      }
      await audit(trx, { tenantId, userId: auth.user.user_id, action: 'group_created', entity: 'user_group', entityId: String(created.id), detail: { parent: parentId, customers: customers ?? [] } });
      return Number(created.id);
    });
    // A new child of a group that includes child accounts widens its ancestors' members' scope.
    forgetScopes();
    return sendGroup(reply, tenantId, auth, id, 201);
  });

  app.patch<{ Params: { id: string }; Body: GroupBody }>('/user-groups/:id', {
    schema: { params: idParams, body: updateBody, response: responses(singleDocument(groupResourceSchema), 'The group changed') },
    config: { access: { can: ['update', 'UserGroup'] }, summary: 'Edit a group: name, parent (never under itself), network access, identity provider and its customers; members see the new customers at once' },
  }, async (request, reply) => {
    const auth = authOf(request);
    const tenantId = request.tenant.id;
    const { groups, group } = await visibleGroup(tenantId, auth, request.params.id);
    if (!group) throw notFound();
    const { values, customers } = groupValues(request.body, auth);
    const parentId = parentIdOf(request.body.parent_group_id);
    if (parentId !== undefined && parentId !== null) {
      if (!groups.some((candidate) => candidate.id === parentId)) throw new ApiError(404, ErrorCode.notFound, { pointer: '/parent_group_id' });
      if (wouldCycle(groups, group.id, parentId)) throw unprocessable(ErrorCode.groupParentCycle, { pointer: '/parent_group_id' });
    }
    if (values.name !== undefined && await nameTaken(db, tenantId, values.name, group.id)) throw new ApiError(409, ErrorCode.groupNameTaken, { pointer: '/name' });
    const changes = Object.fromEntries(Object.entries({ ...values, parent_group_id: parentId }).filter(([, value]) => value !== undefined));
    await db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length > 0) await trx.updateTable('user_groups').set(changes).where('id', '=', group.id).execute();
      if (customers) {
        await trx.deleteFrom('user_group_customers').where('user_group_id', '=', group.id).execute();
        if (customers.length) await trx.insertInto('user_group_customers').values(customers.map((customer) => ({ user_group_id: group.id, buid_customer: customer }))).execute();
      }
      await audit(trx, { tenantId, userId: auth.user.user_id, action: 'group_updated', entity: 'user_group', entityId: String(group.id), detail: { ...changes, ...(customers ? { customers } : {}) } });
    });
    forgetScopes();
    return sendGroup(reply, tenantId, auth, group.id);
  });

  app.post<{ Params: { id: string }; Body: { user_ids?: Array<number | string>; user_id?: number | string; move?: boolean } }>('/user-groups/:id/users', {
    schema: { params: idParams, body: membersBody, response: responses(singleDocument(groupResourceSchema), 'The users are members of the group') },
    config: { access: { can: ['update', 'UserGroup'] }, summary: 'Add users to a group; users in another group are moved only with move: true (else 409 errors.groups.userInOtherGroup naming them). Their row scope changes at once' },
  }, async (request, reply) => {
    const auth = authOf(request);
    const tenantId = request.tenant.id;
    const { group } = await visibleGroup(tenantId, auth, request.params.id);
    if (!group) throw notFound();
    const ids = [...new Set([...(request.body.user_ids ?? []), ...(request.body.user_id !== undefined ? [request.body.user_id] : [])].map(Number))];
    if (ids.length === 0) throw unprocessable(ErrorCode.fieldRequired, { pointer: '/user_ids' }, { field: 'user_ids' });
    const users = await managedUsers(db, auth).select(['u.user_id', 'u.username', 'u.user_group_id', 'g.name as group_name']).where('u.user_id', 'in', ids).execute();
    if (users.length !== ids.length) throw new ApiError(404, ErrorCode.notFound, { pointer: '/user_ids' });
    const elsewhere = users.filter((user) => user.user_group_id !== null && Number(user.user_group_id) !== group.id);
    if (elsewhere.length > 0 && request.body.move !== true) {
      throw new ApiError(409, ErrorCode.groupUserInOtherGroup, { pointer: '/user_ids' }, {
        users: elsewhere.map((user) => user.username).join(', '), from: [...new Set(elsewhere.map((user) => user.group_name))].join(', '), to: group.name,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ user_group_id: group.id }).where('user_id', 'in', ids).execute();
      await audit(trx, { tenantId, userId: auth.user.user_id, action: 'group_users_added', entity: 'user_group', entityId: String(group.id), detail: { users: ids, moved: elsewhere.map((user) => Number(user.user_id)) } });
    });
    for (const id of ids) sessionCache.evictUser(id);
    return sendGroup(reply, tenantId, auth, group.id);
  });
}
