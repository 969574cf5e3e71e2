import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { disputeCentreRoutes } from './centre-routes.ts';
import { largestDocumentBase64 } from './documents.ts';
import { disputeDocumentsBodyLimit, tenantFilesBodyLimit } from '../http/body-limits.ts';
import { createDisputeBody, createDisputes } from './create.ts';
import { ineligibleInvoices, scopedInvoices } from './eligibility.ts';
import { disputeResource, disputeResourceSchema, selectDisputes } from './query.ts';
import {
  integer,
  listDocument,
  nullableInteger,
  nullableText,
  resourceSchema,
  responses,
  strictObject,
  text,
  yesNo,
} from '../http/api-schema.ts';
import { badRequest } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';

const reasonResource = resourceSchema(
  'dispute-reasons',
  strictObject({ dispute_reason: text, dispute_reason_id: integer, documentation_required: yesNo }),
);
const contactResource = resourceSchema(
  'user-group-contacts',
  strictObject({
    contact_name: nullableText,
    email_address: nullableText,
    dispute_contact_type_id: integer,
    dispute_contact_type: nullableText,
    user_id: nullableInteger,
  }),
);
const ineligibleResource = resourceSchema('customer-dispute-ineligible-trxs', strictObject({ trx_id: text, ineligible_reason: text }));

const noFilters = { filters: [] as const, sorts: [] as const, defaultSort: [] as const };
const ineligibleQuery = { filters: ['trx_id'] as const, sorts: [] as const, defaultSort: [] as const };

/**
 * Disputes (spec §3-§8): the wizard's reference data and eligibility check, dispute creation,
 * and the dispute centre (list, detail, counts, responses) in ./centre-routes.ts.
 */
export function disputeRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db, clock, tenants } = deps;
  // A document's schema allows the largest file any tenant permits; the tenant's own rules come after.
  const maxBase64 = largestDocumentBase64(tenants.tenants);

  app.get(
    '/customer-dispute-reasons',
    {
      schema: { querystring: listQuerystring(noFilters), response: responses(listDocument(reasonResource), 'Dispute reasons') },
      config: { access: { can: ['read', 'Dispute'] }, summary: 'Dispute reasons and whether each needs documentation (Y/N)' },
    },
    async (request, reply) => {
      parseListQuery(request.query, noFilters);
      const rows = await db.selectFrom('dispute_reasons').selectAll().orderBy('dispute_reason_id').execute();
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('dispute-reasons', row.dispute_reason_id, {
            dispute_reason: row.dispute_reason,
            dispute_reason_id: row.dispute_reason_id,
            documentation_required: row.documentation_required ? 'Y' : 'N',
          }),
        ),
      });
    },
  );

  app.get(
    '/ecaas/user-group-contacts',
    {
      schema: { querystring: listQuerystring(noFilters), response: responses(listDocument(contactResource), 'Dispute contacts') },
      config: { access: { can: ['read', 'Dispute'] }, summary: "Dispute contacts of the signed-in user's group" },
    },
    async (request, reply) => {
      const auth = authOf(request);
      parseListQuery(request.query, noFilters);
      const groupId = auth.user.user_group_id;
      const rows =
        groupId === null
          ? []
          : await db
              .selectFrom('user_group_contacts')
              .innerJoin('user_groups', 'user_groups.id', 'user_group_contacts.user_group_id')
              .select([
                'user_group_contacts.id',
                'contact_name',
                'email_address',
                'dispute_contact_type_id',
                'dispute_contact_type',
                'user_id',
              ])
              .where('user_group_contacts.user_group_id', '=', groupId)
              .where('user_groups.tenant_id', '=', request.tenant.id)
              .orderBy('dispute_contact_type_id')
              .orderBy('user_group_contacts.id')
              .execute();
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('user-group-contacts', row.id, {
            contact_name: row.contact_name,
            email_address: row.email_address,
            dispute_contact_type_id: row.dispute_contact_type_id,
            dispute_contact_type: row.dispute_contact_type,
            user_id: row.user_id,
          }),
        ),
      });
    },
  );

  app.get(
    '/customer-dispute-ineligible-trxs',
    {
      schema: {
        querystring: listQuerystring(ineligibleQuery),
        response: responses(listDocument(ineligibleResource), 'The ineligible invoices'),
      },
      config: { access: { can: ['read', 'Dispute'] }, summary: 'Which of filter[trx_id] (comma list) cannot be disputed, and why' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { filters } = parseListQuery(request.query, ineligibleQuery);
      const trxIds = parseIdList(filters.trx_id, 'filter[trx_id]');
      if (!trxIds) throw badRequest(ErrorCode.fieldRequired, { parameter: 'filter[trx_id]' }, { field: 'trx_id' });
      const invoices = await scopedInvoices(db, auth, request.tenant.id, trxIds);
      const ineligible = await ineligibleInvoices(db, invoices);
      return reply.type(JSON_API).send({
        data: ineligible.map((row) => resource('customer-dispute-ineligible-trxs', row.trx_id, row)),
      });
    },
  );

  app.post(
    '/ecaas/disputes',
    {
      ...tenantFilesBodyLimit(tenants.tenants, disputeDocumentsBodyLimit),
      schema: { body: createDisputeBody(maxBase64), response: responses(listDocument(disputeResourceSchema), 'The disputes created', 201) },
      config: { access: { can: ['create', 'Dispute'] }, summary: 'Create a dispute or chargeback, one per invoice (trx id)' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const ids = await createDisputes({ db, clock }, auth, request.tenant, request.body);
      const now = clock.now();
      const rows = await selectDisputes(db, auth, 'customer', request.tenant.id)
        .where('disputes.dispute_id', 'in', ids)
        .orderBy('disputes.dispute_id')
        .execute();
      const canRespond = auth.ability.can('create', 'DisputeResponse');
      return reply
        .status(201)
        .type(JSON_API)
        .send({ data: rows.map((row) => disputeResource(row, 'customer', now, canRespond)) });
    },
  );

  disputeCentreRoutes(app, deps);
}
