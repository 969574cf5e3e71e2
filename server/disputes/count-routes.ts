import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { sql } from 'kysely';
import { DISPUTE_STATUSES, type DisputeSide } from '../../domain/disputes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer, scopedMerchant } from '../auth/guard.ts';
import { integer, resourceSchema, responses, singleDocument, strictObject } from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { scopeIds, userTypesOfSide } from './scope.ts';
import { currencyFilter } from './centre-filters.ts';

const countQuery = (side: DisputeSide) => ({
  filters: [side === 'customer' ? 'buid_customer' : 'buid_merchant', 'del_currency'] as const,
  sorts: [] as const,
  defaultSort: [] as const,
});

const countResource = resourceSchema(
  'dispute-counts',
  strictObject({
    open_disputes: integer,
    closed_disputes: integer,
    expired_disputes: integer,
    status_counts: strictObject(Object.fromEntries(DISPUTE_STATUSES.map((status) => [status, integer]))),
  }),
);

/** The centre's figures: open, closed and expired disputes of one customer or merchant (or a dealer's roll-up). */
export function disputeCountRoutes(app: SchemaTypedApp, { db, clock }: AppDeps, side: DisputeSide): void {
  // spec §7 /ecaas/{userType}-...: only the path's own side may call (corporate users are customers).
  const userTypes = userTypesOfSide(side);
  app.get(
    `/ecaas/${side}-dispute/count`,
    {
      schema: { querystring: listQuerystring(countQuery(side)), response: responses(singleDocument(countResource), 'Dispute counts') },
      config: {
        access: { can: ['read', 'Dispute'], userTypes },
        summary: `Open and closed disputes of one ${side}: filter[buid_${side}], filter[del_currency]`,
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { filters } = parseListQuery(request.query, countQuery(side));
      const requestedMerchant = (filters as { buid_merchant?: string }).buid_merchant;
      // A dealer over several merchants without one chosen (the roll-up view) counts them all.
      const rollUp = side === 'merchant' && requestedMerchant === undefined && !auth.session.merchant_id;
      const ids =
        side === 'customer'
          ? [scopedCustomer(auth, (filters as { buid_customer?: string }).buid_customer)]
          : rollUp
            ? scopeIds(auth, 'merchant')
            : [scopedMerchant(auth, requestedMerchant)];
      const id = rollUp ? 'all' : ids[0]!;
      const currency = currencyFilter(filters.del_currency, 'filter[del_currency]');
      const now = clock.now();
      const rows = await db
        .selectFrom('disputes')
        .select([
          'status',
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where response_due_at < ${now}))::int`.as('expired'),
        ])
        .where(side === 'customer' ? 'buid_customer' : 'buid_merchant', 'in', ids)
        .$if(currency !== undefined, (query) => query.where('currency', '=', currency!))
        .groupBy('status')
        .execute();
      const statusCounts = Object.fromEntries(
        DISPUTE_STATUSES.map((status) => [status, rows.find((row) => row.status === status)?.total ?? 0]),
      );
      const closed = statusCounts.closed ?? 0;
      return reply.type(JSON_API).send({
        data: resource('dispute-counts', `${id}${currency ? `:${currency}` : ''}`, {
          open_disputes: rows.reduce((sum, row) => sum + row.total, 0) - closed,
          closed_disputes: closed,
          // Beyond spec §3's two figures: per status, and how many are past their response time.
          expired_disputes: rows.filter((row) => row.status !== 'closed').reduce((sum, row) => sum + row.expired, 0),
          status_counts: statusCounts,
        }),
      });
    },
  );
}
