import type { SchemaTypedApp } from '../http/typed-routes.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { groupChangeRefusal, groupScope, type GroupChangeRefusal, type GroupState } from '../../domain/group-changes.ts';
import { GROUP_NAME_MAX, NETWORK_ACCESS, groupNameProblems, groupPaths, type GroupProblem } from '../../domain/groups.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import type { AuthContext } from '../auth/context.ts';
import { forgetSessions } from '../auth/session-revocation.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import {
  boolean,
  idInteger,
  integer,
  listDocument,
  nullableInteger,
  nullableText,
  pagedDocument,
  resourceSchema,
  responses,
  singleDocument,
  strictObject,
  text,
  textList,
} from '../http/api-schema.ts';
import { ApiError, notFound, unprocessable } from '../http/errors.ts';
import { slicePage } from '../http/paging.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { tenantProvider } from '../sso/settings.ts';
import { managedUsers } from '../users/queries.ts';

const groupList = { filters: ['search'] as const, sorts: [] as const, defaultSort: [] as const };
const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } },
} as const;
const groupId = { anyOf: [idInteger, { type: 'string', pattern: '^[0-9]{0,12}$' }, { type: 'null' }] } as const;
const idValue = { anyOf: [idInteger, { type: 'string', pattern: '^[0-9]{1,12}$' }] } as const;

const groupFields = {
  name: { type: 'string', maxLength: GROUP_NAME_MAX + 50 },
  parent_group_id: { description: 'The parent group; null or empty for a top-level group', ...groupId },
  network_access: { anyOf: [{ type: 'string', enum: [...NETWORK_ACCESS, ''] }, { type: 'null' }] },
  sso_enabled: { type: 'boolean' },
  // Never an issuer, a client or where a secret lives: those are the tenant's (issue 22).
  identity_provider_id: {
    description:
      "One of the tenant's identity providers (GET /identity-providers), by id; null or empty: none of its own (inherits its parent's)",
    type: ['string', 'null'],
    maxLength: 63,
  },
  customers: {
    description: "The group's customers: a list of ids, or one text of ids separated by commas",
    oneOf: [
      { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 64 } },
      { type: 'string', maxLength: 4000 },
    ],
  },
  include_child_accounts: { type: 'boolean' },
} as const;
const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    ...groupFields,
    top_level: {
      description: 'The wizard\'s "top level" choice: the group gets no parent, whatever parent_group_id says',
      type: 'boolean',
    },
  },
} as const;
const updateBody = { type: 'object', additionalProperties: false, minProperties: 1, properties: groupFields } as const;
const membersBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user_ids: { type: 'array', minItems: 1, maxItems: 500, items: idValue },
    user_id: { description: 'One user, as the move form sends it', ...idValue },
    move: { description: 'Confirms moving users who are in another group (spec §4)', type: 'boolean' },
  },
} as const;

/** The fields a create or an edit may carry (a create's also names the group and may say top_level). */
type GroupFields = FromSchema<typeof updateBody>;

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

/** A tenant identity provider as the browser may know it: what to show and what to send, nothing more. */
const identityProviderResourceSchema = resourceSchema('identity-providers', strictObject({ name: text, value: text, label: text }));

interface GroupRow extends GroupState {
  name: string;
  network_access: string | null;
  customers: string[];
  user_count: number;
}

/** Every group of the tenant, as the group rules see them (domain/group-changes.ts) plus what the screens show. */
async function tenantGroupRows(db: Database, tenantId: string): Promise<GroupRow[]> {
  const rows = await db
    .selectFrom('user_groups as g')
    .select((eb) => [
      'g.id',
      'g.name',
      'g.parent_group_id',
      'g.network_access',
      'g.identity_provider_id',
      'g.sso_enabled',
      'g.include_child_accounts',
      eb
        .fn<string[]>('array', [
          eb
            .selectFrom('user_group_customers as c')
            .select('c.buid_customer')
            .whereRef('c.user_group_id', '=', 'g.id')
            .orderBy('c.buid_customer'),
        ])
        .as('customers'),
      eb
        .selectFrom('users as u')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('u.user_group_id', '=', 'g.id')
        .as('user_count'),
    ])
    .where('g.tenant_id', '=', tenantId)
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    parent_group_id: row.parent_group_id === null ? null : Number(row.parent_group_id),
    user_count: Number(row.user_count ?? 0),
  }));
}

/**
 * The tenant's groups the caller may manage: every customer a member would see (its scope, the rule
 * of server/groups/scope.ts as domain groupScope computes it) is the caller's.
 */
function visibleOf(groups: readonly GroupRow[], auth: AuthContext): GroupRow[] {
  return groups.filter((group) => groupScope(groups, group.id).every((customer) => auth.customerIds.includes(customer)));
}

async function visibleGroups(db: Database, tenantId: string, auth: AuthContext): Promise<GroupRow[]> {
  return visibleOf(await tenantGroupRows(db, tenantId), auth);
}

function groupResources(groups: GroupRow[], tenant: Tenant) {
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
const parentIdOf = (value: number | string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : Number(value);

/** The columns a create or edit writes (name checked here; the rest by the group rule, with the tree). */
function groupValues(body: GroupFields) {
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
async function checkedChange(
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

async function nameTaken(db: Database, tenantId: string, name: string, except?: number): Promise<boolean> {
  let query = db
    .selectFrom('user_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** spec §2 /manage-groups, issue 17: the group tree, the two-step wizard (create and edit) and adding users to a group (Admin). */
export function groupRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db } = deps;

  async function visibleGroup(tenantId: string, auth: AuthContext, id: number | string) {
    const groups = await visibleGroups(db, tenantId, auth);
    const group = groups.find((candidate) => candidate.id === Number(id));
    return { groups, group };
  }

  async function sendGroup(reply: import('fastify').FastifyReply, tenant: Tenant, auth: AuthContext, id: number, status = 200) {
    const groups = await visibleGroups(db, tenant.id, auth);
    const data = groupResources(groups, tenant).find((item) => item.id === String(id));
    if (!data) throw notFound();
    return reply.status(status).type(JSON_API).send({ data });
  }

  app.get(
    '/user-groups',
    {
      schema: {
        querystring: listQuerystring(groupList),
        response: responses(pagedDocument(groupResourceSchema), 'Groups in tree order, paged'),
      },
      config: {
        access: { can: ['read', 'UserGroup'] },
        summary: "The tenant's groups the caller may manage, parents before their children; filter[search] on the name",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, groupList);
      let data = groupResources(await visibleGroups(db, request.tenant.id, auth), request.tenant);
      const search = list.filters.search?.toLowerCase();
      if (search) data = data.filter((item) => item.attributes.path.toLowerCase().includes(search));
      const page = slicePage(data, list.page);
      return reply.type(JSON_API).send({ data: page.rows, meta: { page: page.meta } });
    },
  );

  app.get(
    '/user-groups/:id',
    {
      schema: { params: idParams, response: responses(singleDocument(groupResourceSchema), 'One group') },
      config: { access: { can: ['read', 'UserGroup'] }, summary: 'One group the caller may manage' },
    },
    async (request, reply) => sendGroup(reply, request.tenant, authOf(request), Number(request.params.id)),
  );

  app.get(
    '/identity-providers',
    {
      schema: { response: responses(listDocument(identityProviderResourceSchema), "The tenant's identity providers") },
      config: {
        access: { can: ['read', 'UserGroup'] },
        summary:
          'The identity providers a group may choose for single sign-on (tenant configuration): id and name only, never the issuer, client or secret',
      },
    },
    async (request, reply) =>
      reply.type(JSON_API).send({
        data: (request.tenant.identityProviders ?? []).map((provider) =>
          resource('identity-providers', provider.id, {
            name: provider.name,
            value: provider.id,
            label: provider.name,
          }),
        ),
      }),
  );

  app.post(
    '/user-groups',
    {
      schema: { body: createBody, response: responses(singleDocument(groupResourceSchema), 'The group created', 201) },
      config: {
        access: { can: ['create', 'UserGroup'] },
        summary:
          'Create a group or a child group (the wizard: name and parent, then network access, identity provider and customers); ' +
          '409 errors.groups.nameTaken; 403 errors.groups.outOfScope under a tree that includes child accounts the caller cannot see',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { tenant } = request;
      const { values, customers } = groupValues(request.body);
      if (!values.name) throw unprocessable(ErrorCode.fieldRequired, { pointer: '/name' }, { field: 'name' });
      const parentId = request.body.top_level ? null : (parentIdOf(request.body.parent_group_id) ?? null);
      if (parentId !== null && !(await visibleGroup(tenant.id, auth, parentId)).group)
        throw new ApiError(404, ErrorCode.notFound, { pointer: '/parent_group_id' });
      if (await nameTaken(db, tenant.id, values.name)) throw new ApiError(409, ErrorCode.groupNameTaken, { pointer: '/name' });
      const id = await db.transaction().execute(async (trx) => {
        await checkedChange(trx, tenant, auth, () => ({
          // Not yet stored: an id no group has.
          id: 0,
          parent_group_id: parentId,
          customers: customers ?? [],
          include_child_accounts: values.include_child_accounts ?? false,
          sso_enabled: values.sso_enabled ?? false,
          identity_provider_id: values.identity_provider_id ?? null,
        }));
        const created = await trx
          .insertInto('user_groups')
          .values({
            tenant_id: tenant.id,
            name: values.name ?? '',
            parent_group_id: parentId,
            network_access: values.network_access ?? null,
            sso_enabled: values.sso_enabled ?? false,
            include_child_accounts: values.include_child_accounts ?? false,
            identity_provider_id: values.identity_provider_id ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (customers?.length) {
          await trx
            .insertInto('user_group_customers')
            .values(customers.map((customer) => ({ user_group_id: created.id, buid_customer: customer })))
            .execute();
        }
        await audit(trx, {
          tenantId: tenant.id,
          userId: auth.user.user_id,
          action: 'group_created',
          entity: 'user_group',
          entityId: String(created.id),
          detail: { parent: parentId, customers: customers ?? [] },
        });
        return Number(created.id);
      });
      // A new child of a group that includes child accounts widens its ancestors' members' scope.
      // Members of these groups see other customers from now on: their cached sessions go, in every process.
      await forgetSessions('all');
      return sendGroup(reply, tenant, auth, id, 201);
    },
  );

  app.patch(
    '/user-groups/:id',
    {
      schema: { params: idParams, body: updateBody, response: responses(singleDocument(groupResourceSchema), 'The group changed') },
      config: {
        access: { can: ['update', 'UserGroup'] },
        summary:
          'Edit a group: name, parent (never under itself), network access, identity provider and its customers; members see the new customers at once. ' +
          "403 errors.groups.outOfScope unless the group, every group below it and every group above it that includes child accounts are the caller's to see",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { tenant } = request;
      const { groups, group } = await visibleGroup(tenant.id, auth, request.params.id);
      if (!group) throw notFound();
      const { values, customers } = groupValues(request.body);
      const parentId = parentIdOf(request.body.parent_group_id);
      if (parentId !== undefined && parentId !== null && !groups.some((candidate) => candidate.id === parentId)) {
        throw new ApiError(404, ErrorCode.notFound, { pointer: '/parent_group_id' });
      }
      if (values.name !== undefined && (await nameTaken(db, tenant.id, values.name, group.id)))
        throw new ApiError(409, ErrorCode.groupNameTaken, { pointer: '/name' });
      const changes = Object.fromEntries(
        Object.entries({ ...values, parent_group_id: parentId }).filter(([, value]) => value !== undefined),
      );
      await db.transaction().execute(async (trx) => {
        await checkedChange(trx, tenant, auth, (current) => {
          const stored = current.find((candidate) => candidate.id === group.id);
          if (!stored) throw notFound();
          return { ...stored, ...changes, customers: customers ?? stored.customers };
        });
        if (Object.keys(changes).length > 0) await trx.updateTable('user_groups').set(changes).where('id', '=', group.id).execute();
        if (customers) {
          await trx.deleteFrom('user_group_customers').where('user_group_id', '=', group.id).execute();
          if (customers.length)
            await trx
              .insertInto('user_group_customers')
              .values(customers.map((customer) => ({ user_group_id: group.id, buid_customer: customer })))
              .execute();
        }
        await audit(trx, {
          tenantId: tenant.id,
          userId: auth.user.user_id,
          action: 'group_updated',
          entity: 'user_group',
          entityId: String(group.id),
          detail: { ...changes, ...(customers ? { customers } : {}) },
        });
      });
      // Members of these groups see other customers from now on: their cached sessions go, in every process.
      await forgetSessions('all');
      return sendGroup(reply, tenant, auth, group.id);
    },
  );

  app.post(
    '/user-groups/:id/users',
    {
      schema: {
        params: idParams,
        body: membersBody,
        response: responses(singleDocument(groupResourceSchema), 'The users are members of the group'),
      },
      config: {
        access: { can: ['update', 'UserGroup'] },
        summary:
          'Add users to a group; users in another group are moved only with move: true (else 409 errors.groups.userInOtherGroup naming them). Their row scope changes at once',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const tenantId = request.tenant.id;
      const { group } = await visibleGroup(tenantId, auth, request.params.id);
      if (!group) throw notFound();
      const ids = [
        ...new Set([...(request.body.user_ids ?? []), ...(request.body.user_id !== undefined ? [request.body.user_id] : [])].map(Number)),
      ];
      if (ids.length === 0) throw unprocessable(ErrorCode.fieldRequired, { pointer: '/user_ids' }, { field: 'user_ids' });
      const users = await managedUsers(db, auth)
        .select(['u.user_id', 'u.username', 'u.user_group_id', 'g.name as group_name'])
        .where('u.user_id', 'in', ids)
        .execute();
      if (users.length !== ids.length) throw new ApiError(404, ErrorCode.notFound, { pointer: '/user_ids' });
      const elsewhere = users.filter((user) => user.user_group_id !== null && Number(user.user_group_id) !== group.id);
      if (elsewhere.length > 0 && request.body.move !== true) {
        throw new ApiError(
          409,
          ErrorCode.groupUserInOtherGroup,
          { pointer: '/user_ids' },
          {
            users: elsewhere.map((user) => user.username).join(', '),
            from: [...new Set(elsewhere.map((user) => user.group_name))].join(', '),
            to: group.name,
          },
        );
      }
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ user_group_id: group.id }).where('user_id', 'in', ids).execute();
        await audit(trx, {
          tenantId,
          userId: auth.user.user_id,
          action: 'group_users_added',
          entity: 'user_group',
          entityId: String(group.id),
          detail: { users: ids, moved: elsewhere.map((user) => Number(user.user_id)) },
        });
      });
      for (const id of ids) await forgetSessions({ user: id });
      return sendGroup(reply, request.tenant, auth, group.id);
    },
  );
}
