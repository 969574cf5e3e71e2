import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { forgetSessions } from '../auth/session-revocation.ts';
import { audit } from '../audit.ts';
import { pagedDocument, responses, singleDocument } from '../http/api-schema.ts';
import { ApiError, notFound, unprocessable } from '../http/errors.ts';
import { slicePage } from '../http/paging.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { createBody, groupList, idParams, updateBody } from './request-schemas.ts';
import { groupResourceSchema, groupResources, sendGroup } from './resource.ts';
import { nameTaken, visibleGroup, visibleGroups } from './queries.ts';
import { checkedChange, groupValues, parentIdOf } from './change.ts';

/** spec §2 /manage-groups, issue 17: the group tree and the two-step wizard (create and edit); members in member-routes.ts (Admin). */
export function groupRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db } = deps;

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
    async (request, reply) => sendGroup(db, reply, request.tenant, authOf(request), Number(request.params.id)),
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
      if (parentId !== null && !(await visibleGroup(db, tenant.id, auth, parentId)).group)
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
      return sendGroup(db, reply, tenant, auth, id, 201);
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
      const { groups, group } = await visibleGroup(db, tenant.id, auth, request.params.id);
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
      return sendGroup(db, reply, tenant, auth, group.id);
    },
  );
}
