import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { centralDay } from '../../domain/exposure.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import {
  day,
  documentSchema,
  integer,
  nullableText,
  pageMetaSchema,
  resourceSchema,
  responses,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { slicePage } from '../http/paging.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseIdList, parseListQuery, type SortTerm } from '../http/list-query.ts';
import { loadExposures, type Exposure } from '../invoices/exposure-query.ts';
import { exposureFigures, exposureTotals, exposureTotalsSchema, rowId } from '../invoices/exposure-totals.ts';
import { parseCurrency } from '../invoices/list.ts';
import { listScope } from '../invoices/scope.ts';

const exposureList = {
  filters: ['buid_customer', 'sol_currency', 'buid_location', 'every_currency'] as const,
  sorts: ['buid_customer', 'customer_name'] as const,
  defaultSort: [{ field: 'buid_customer', direction: 'asc' }] as const,
  filterSchemas: {
    buid_location: { type: 'string' as const, description: 'Comma-separated, up to 500' },
    every_currency: {
      type: 'string' as const,
      enum: ['true'] as const,
      description:
        'Without filter[sol_currency]: also a row for each other currency a customer has open or unbilled invoices in (id buid_customer:currency, no credit-line figures)',
    },
  },
};

const money = integer;
const bucket = strictObject({ amount_minor: money, count: integer });
const exposureResource = resourceSchema(
  'exposures',
  strictObject({
    buid_customer: text,
    currency: text,
    ...exposureFigures,
    ageing: strictObject({ current: bucket, d1_30: bucket, d31_60: bucket, d61_90: bucket, over_90: bucket }),
    customer_name: nullableText,
    as_of: day,
  }),
);
const exposureDocument = documentSchema(
  { type: 'array', items: exposureResource },
  {
    meta: strictObject({ totals: exposureTotalsSchema, page: pageMetaSchema }, ['page']),
  },
);

type Row = Exposure & { customer_name: string | null };

/** The rows in the order asked for (customer id breaks ties, so the order is stable). */
function sortRows(rows: Row[], sort: readonly SortTerm<(typeof exposureList.sorts)[number]>[]): Row[] {
  const compare = (a: Row, b: Row) => {
    for (const term of sort) {
      const order = String(a[term.field] ?? '').localeCompare(String(b[term.field] ?? ''));
      if (order !== 0) return term.direction === 'asc' ? order : -order;
    }
    return a.buid_customer.localeCompare(b.buid_customer);
  };
  return [...rows].sort(compare);
}

export function exposureRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.get(
    '/exposures',
    {
      schema: { querystring: listQuerystring(exposureList), response: responses(exposureDocument, 'Exposures; meta.page only when paged') },
      config: {
        access: { can: ['read', 'Exposure'] },
        summary:
          'Exposure per customer (spec §3): filter[buid_customer] (comma list for the program overview), filter[sol_currency], ' +
          "filter[buid_location] (comma list: the invoice figures of those locations; the credit line stays the customer's); " +
          'meta.totals holds the figures summed per currency',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const query = request.query;
      const list = parseListQuery(query, exposureList);
      // Paged only when asked (the program overview's table); otherwise every row, as spec §7 has it.
      const paged = query['page[number]'] !== undefined || query['page[size]'] !== undefined;
      // The named customers (each the user's, else 404), else the session's, else all of the user's.
      const customers = listScope(auth, { buid_customer: list.filters.buid_customer }).customers ?? [];
      // spec §9: "some dates use Central US time" — an invoice is past due from the day after its due date there.
      const today = centralDay(clock.now());
      const locations = parseIdList(list.filters.buid_location, 'filter[buid_location]');
      const exposures = await loadExposures(
        db,
        customers,
        today,
        parseCurrency(list.filters.sol_currency),
        locations,
        list.filters.every_currency === 'true',
      );
      // The program overview names each row; the name is the customer's, read in the same scope.
      const names =
        exposures.length === 0
          ? new Map<string, string>()
          : new Map(
              (
                await db
                  .selectFrom('customers')
                  .select(['buid_customer', 'customer_name'])
                  .where(
                    'buid_customer',
                    'in',
                    exposures.map((exposure) => exposure.buid_customer),
                  )
                  .execute()
              ).map((row) => [row.buid_customer, row.customer_name]),
            );
      const rows = sortRows(
        exposures.map((exposure) => ({ ...exposure, customer_name: names.get(exposure.buid_customer) ?? null })),
        list.sort,
      );
      const ids = rows.map((row, index) => rowId(rows, row, index));
      const page = paged ? slicePage(rows, list.page) : undefined;
      const from = page?.from ?? 0;
      const shown = page?.rows ?? rows;
      return reply.type(JSON_API).send({
        // A customer's first row (the currency shown) is its id; its other currencies' rows (filter[every_currency]) add the code.
        data: shown.map((row, index) => resource('exposures', ids[from + index]!, { ...row, as_of: today })),
        // Totals cover every customer asked for, whichever page is shown.
        meta: { totals: exposureTotals(exposures), ...(page ? { page: page.meta } : {}) },
      });
    },
  );
}
