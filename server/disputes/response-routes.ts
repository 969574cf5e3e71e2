import type { SchemaTypedApp } from '../http/typed-routes.ts';
import type { DisputeSide } from '../../domain/disputes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { disputeDocumentsBodyLimit, tenantFilesBodyLimit } from '../http/body-limits.ts';
import {
  instant,
  integer,
  listDocument,
  nullableText,
  pagedDocument,
  resourceSchema,
  responses,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { disputeResource, disputeResourceSchema, iso, selectDisputes } from './query.ts';
import { largestDocumentBase64 } from './documents.ts';
import { respondBody, respondToDisputes } from './respond.ts';
import { userTypesOfSide } from './scope.ts';
import { visibleDisputeIds } from './centre-filters.ts';

const responseList = {
  filters: ['dispute_id'] as const,
  sorts: ['comment_date'] as const,
  defaultSort: [{ field: 'comment_date', direction: 'asc' }] as const,
  defaultPageSize: 100,
};

const responseResource = resourceSchema(
  'dispute-responses',
  strictObject({
    dispute_id: integer,
    side: text,
    action: text,
    dispute_action_description: text,
    comment: nullableText,
    comment_date: instant,
    responded_by: nullableText,
  }),
);

/** Responses to disputes: the comments of filter[dispute_id], and responding to one or many disputes at once. */
export function disputeResponseRoutes(app: SchemaTypedApp, { db, clock, tenants }: AppDeps, side: DisputeSide): void {
  const userTypes = userTypesOfSide(side);
  app.get(
    `/ecaas/${side}-dispute-response`,
    {
      schema: { querystring: listQuerystring(responseList), response: responses(pagedDocument(responseResource), 'Responses, paged') },
      config: {
        access: { can: ['read', 'DisputeResponse'], userTypes },
        summary: 'Dispute response comments: filter[dispute_id], filter[sort]=comment_date|desc',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, responseList);
      const ids = await visibleDisputeIds(db, auth, side, request.tenant.id, list.filters.dispute_id);
      const query = db
        .selectFrom('dispute_responses')
        .leftJoin('users', 'users.user_id', 'dispute_responses.user_id')
        .select([
          'dispute_responses.id',
          'dispute_responses.dispute_id',
          'dispute_responses.side',
          'dispute_responses.action',
          'dispute_responses.dispute_action_description',
          'dispute_responses.comment',
          'dispute_responses.comment_date',
          'users.first_name',
          'users.last_name',
        ])
        .where('dispute_responses.dispute_id', 'in', ids);
      const { rows, meta } = await fetchPage(query, list, { comment_date: 'dispute_responses.comment_date' }, 'dispute_responses.id');
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('dispute-responses', row.id, {
            dispute_id: row.dispute_id,
            side: row.side,
            action: row.action,
            dispute_action_description: row.dispute_action_description,
            comment: row.comment,
            comment_date: iso(row.comment_date),
            responded_by: [row.first_name, row.last_name].filter((part) => part).join(' ') || null,
          }),
        ),
        meta: { page: meta },
      });
    },
  );

  const maxBase64 = largestDocumentBase64(tenants.tenants);
  app.post(
    `/ecaas/${side}-dispute-response`,
    {
      ...tenantFilesBodyLimit(tenants.tenants, disputeDocumentsBodyLimit),
      schema: { body: respondBody(side, maxBase64), response: responses(listDocument(disputeResourceSchema), 'The disputes responded to') },
      config: {
        access: { can: ['create', 'DisputeResponse'], userTypes },
        summary:
          'Respond to one or many disputes (bulk): dispute_ids, action, comment, supporting documents (required when a reason needs them)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const ids = await respondToDisputes({ db, clock }, auth, request.tenant, side, request.body);
      const now = clock.now();
      const rows = await selectDisputes(db, auth, side, request.tenant.id)
        .where('disputes.dispute_id', 'in', ids)
        .orderBy('disputes.dispute_id')
        .execute();
      return reply.type(JSON_API).send({ data: rows.map((row) => disputeResource(row, side, now, true)) });
    },
  );
}
