import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { sql } from 'kysely';
import type { DisputeSide } from '../../domain/disputes.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { fileResponses, pagedDocument, responses } from '../http/api-schema.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { disputesCsv, CSV_MAX_ROWS } from './csv.ts';
import { DISPUTE_SORT_COLUMNS, disputeResource, disputeResourceSchema } from './query.ts';
import { userTypesOfSide } from './scope.ts';
import { disputeList, filteredDisputes } from './centre-filters.ts';

/** The centre's list, paged, and the same list as a CSV download. */
export function disputeListRoutes(app: SchemaTypedApp, { db, clock }: AppDeps, side: DisputeSide): void {
  const userTypes = userTypesOfSide(side);
  app.get(
    `/ecaas/${side}-disputes`,
    {
      schema: { querystring: listQuerystring(disputeList), response: responses(pagedDocument(disputeResourceSchema), 'Disputes, paged') },
      config: {
        access: { can: ['read', 'Dispute'], userTypes },
        summary: 'Dispute centre list: filters buid_customer, buid_merchant, status, trx_id, dispute_id, expired, search; paged and sorted',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, disputeList);
      const now = clock.now();
      const { rows, meta } = await fetchPage(
        filteredDisputes(db, side, request, list.filters, now),
        list,
        DISPUTE_SORT_COLUMNS,
        'disputes.dispute_id',
      );
      const canRespond = auth.ability.can('create', 'DisputeResponse');
      return reply.type(JSON_API).send({ data: rows.map((row) => disputeResource(row, side, now, canRespond)), meta: { page: meta } });
    },
  );

  app.get(
    `/ecaas/${side}-disputes.csv`,
    {
      schema: { querystring: listQuerystring(disputeList), response: fileResponses(['text/csv'], 'The disputes as CSV, one header line') },
      config: {
        access: { can: ['read', 'Dispute'], userTypes },
        summary:
          'Bulk download: the disputes of the list (same filters and sort, e.g. filter[dispute_id] of a selection; no paging) as CSV',
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, disputeList);
      const now = clock.now();
      let query = filteredDisputes(db, side, request, list.filters, now);
      for (const { field, direction } of list.sort) query = query.orderBy(sql.ref(DISPUTE_SORT_COLUMNS[field]), direction);
      const rows = await query.orderBy('disputes.dispute_id').limit(CSV_MAX_ROWS).execute();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('disputes.csv'))
        .header('cache-control', 'private, no-store')
        .send(disputesCsv(rows, now));
    },
  );
}
