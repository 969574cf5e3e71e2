import { sql } from 'kysely';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { addDays, centralDay } from '../../domain/exposure.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { requireInScope, scopeIds } from '../disputes/scope.ts';
import { integer, listDocument, resourceSchema, responses, strictObject, text } from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { parseCurrency } from '../invoices/list.ts';

/** "Recent invoices" on the merchant home and in the roll-up: received in the last 30 days (Central US days, spec §9). */
export const RECENT_INVOICE_DAYS = 30;

const figuresList = {
  filters: ['buid_merchant', 'sol_currency'] as const,
  // spec §7: lists add filter[sol_currency] when the multi-currency flag is on and a currency is chosen (issue 26).
  filterSchemas: { sol_currency: { type: 'string' as const, pattern: '^[A-Za-z]{3}$' } },
  sorts: ['merchant_name'] as const,
  defaultSort: [{ field: 'merchant_name', direction: 'asc' }] as const,
};

const figuresResource = resourceSchema(
  'merchant-figures',
  strictObject({
    figure_id: text,
    buid_merchant: text,
    merchant_name: text,
    currency: text,
    open_invoice_count: integer,
    open_invoice_total_minor: integer,
    past_due_count: integer,
    past_due_total_minor: integer,
    recent_invoice_count: integer,
    recent_invoice_total_minor: integer,
    open_disputes: integer,
    active_rejections: integer,
  }),
);

/**
 * The merchant home's figures and the roll-up view across merchants (spec §4: "a merchant roll-up
 * view shows only when the user is not corporate and has more than one merchant"): one row per
 * merchant and currency it bills in (amounts in different currencies are never added up), for
 * filter[buid_merchant] (each must be the user's, else 404) or all of the user's merchants.
 */
export function merchantFigureRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.get(
    '/merchant-figures',
    {
      schema: {
        querystring: listQuerystring(figuresList),
        response: responses(listDocument(figuresResource), 'Figures per merchant and currency'),
      },
      config: {
        access: { can: ['read', 'Merchant'], userTypes: ['merchant'] },
        summary:
          "Open, past-due and recent invoices, open disputes and active rejections per merchant and currency: filter[buid_merchant] (default all of the user's merchants)",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, figuresList);
      const merchants =
        requireInScope(parseIdList(list.filters.buid_merchant, 'filter[buid_merchant]'), auth.merchantIds) ?? scopeIds(auth, 'merchant');
      const currency = parseCurrency(list.filters.sol_currency);
      const since = addDays(centralDay(clock.now()), -RECENT_INVOICE_DAYS);
      const direction = list.sort[0]?.direction === 'desc' ? 'desc' : 'asc';
      const rows = await db
        .selectFrom('merchant_currencies as mc')
        .innerJoin('merchants as m', 'm.buid_merchant', 'mc.buid_merchant')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('invoices as i')
              .select([
                sql<number>`(count(*) filter (where i.status in ('Billed', 'Past Due')))::int`.as('open_invoice_count'),
                sql<number>`coalesce(sum(i.amount_minor) filter (where i.status in ('Billed', 'Past Due')), 0)::bigint`.as(
                  'open_invoice_total_minor',
                ),
                sql<number>`(count(*) filter (where i.status = 'Past Due'))::int`.as('past_due_count'),
                sql<number>`coalesce(sum(i.amount_minor) filter (where i.status = 'Past Due'), 0)::bigint`.as('past_due_total_minor'),
                sql<number>`(count(*) filter (where i.received_date >= ${since}::date))::int`.as('recent_invoice_count'),
                sql<number>`coalesce(sum(i.amount_minor) filter (where i.received_date >= ${since}::date), 0)::bigint`.as(
                  'recent_invoice_total_minor',
                ),
              ])
              .whereRef('i.buid_merchant', '=', 'mc.buid_merchant')
              .whereRef('i.currency', '=', 'mc.currency')
              .as('inv'),
          (join) => join.onTrue(),
        )
        .select((eb) => [
          'mc.buid_merchant',
          'm.merchant_name',
          'mc.currency',
          'inv.open_invoice_count',
          'inv.open_invoice_total_minor',
          'inv.past_due_count',
          'inv.past_due_total_minor',
          'inv.recent_invoice_count',
          'inv.recent_invoice_total_minor',
          eb
            .selectFrom('disputes as d')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('d.buid_merchant', '=', 'mc.buid_merchant')
            .whereRef('d.currency', '=', 'mc.currency')
            .where('d.status', '<>', 'closed')
            .as('open_disputes'),
          eb
            .selectFrom('rejections as r')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('r.buid_merchant', '=', 'mc.buid_merchant')
            .whereRef('r.currency', '=', 'mc.currency')
            .where('r.status', '=', 'active')
            .as('active_rejections'),
        ])
        .where('m.tenant_id', '=', request.tenant.id)
        .where('mc.buid_merchant', 'in', merchants)
        .$if(currency !== undefined, (query) => query.where('mc.currency', '=', currency!))
        .orderBy('m.merchant_name', direction)
        .orderBy('mc.buid_merchant')
        .orderBy('mc.currency')
        .execute();
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('merchant-figures', `${row.buid_merchant}:${row.currency}`, {
            figure_id: `${row.buid_merchant}:${row.currency}`,
            buid_merchant: row.buid_merchant,
            merchant_name: row.merchant_name,
            currency: row.currency,
            open_invoice_count: Number(row.open_invoice_count ?? 0),
            open_invoice_total_minor: Number(row.open_invoice_total_minor ?? 0),
            past_due_count: Number(row.past_due_count ?? 0),
            past_due_total_minor: Number(row.past_due_total_minor ?? 0),
            recent_invoice_count: Number(row.recent_invoice_count ?? 0),
            recent_invoice_total_minor: Number(row.recent_invoice_total_minor ?? 0),
            open_disputes: Number(row.open_disputes ?? 0),
            active_rejections: Number(row.active_rejections ?? 0),
          }),
        ),
      });
    },
  );
}
