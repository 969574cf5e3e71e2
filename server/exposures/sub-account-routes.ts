import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { centralDay } from '../../domain/exposure.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer } from '../auth/guard.ts';
import { day, documentSchema, nullableText, pageMetaSchema, resourceSchema, responses, strictObject, text } from '../http/api-schema.ts';
import { slicePage } from '../http/paging.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { loadExposures, type Exposure } from '../invoices/exposure-query.ts';
import { parseCurrency } from '../invoices/list.ts';
import { exposureFigures, exposureTotals, exposureTotalsSchema, rowId } from '../invoices/exposure-totals.ts';

const subAccountList = {
  filters: ['buid_customer', 'sol_currency'] as const,
  sorts: ['customer_name', 'buid_customer'] as const,
  defaultSort: [{ field: 'customer_name', direction: 'asc' }] as const,
  filterSchemas: {
    buid_customer: { type: 'string' as const, description: "The parent account (default: the session's customer)" },
  },
};

const subAccountResource = resourceSchema(
  'sub-accounts',
  strictObject({
    buid_customer: text,
    customer_name: text,
    status: text,
    parent_customer: text,
    currency: text,
    ...exposureFigures,
    as_of: day,
  }),
);
const subAccountDocument = documentSchema(
  { type: 'array', items: subAccountResource },
  {
    meta: strictObject(
      {
        parent: strictObject({ buid_customer: text, customer_name: nullableText }),
        totals: exposureTotalsSchema,
        page: pageMetaSchema,
      },
      ['page'],
    ),
  },
);

interface Account {
  buid_customer: string;
  customer_name: string;
  status: string;
}
type Row = Omit<Exposure, 'ageing'> & Account;

/**
 * Issue 26, spec §2 "Sub-accounts": the child accounts of a customer account, each with its own
 * standing, and the roll-up to the parent. Row scope as everywhere (spec §6): the parent must be
 * one of the caller's customers (else 404), and only the sub-accounts that are the caller's too are
 * listed or rolled up, so no figure of an account the caller cannot open reaches them, not even
 * summed. Without filter[sol_currency] a sub-account with invoices in another currency gets a row
 * per currency, and the roll-up (meta.totals: the parent and its listed sub-accounts) one entry per
 * currency: amounts of different currencies are never added together.
 */
export function subAccountRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.get(
    '/customer-sub-accounts',
    {
      schema: {
        querystring: listQuerystring(subAccountList),
        response: responses(subAccountDocument, 'Sub-accounts with their standing; meta.totals rolls them up with the parent per currency'),
      },
      config: {
        access: { can: ['read', 'Exposure'] },
        summary:
          "Sub-accounts of a customer (filter[buid_customer], default the session's) that the user may see, each with its standing " +
          '(past due, current due, unbilled, credit used, held and available); meta.totals: the parent and these rolled up per currency; ' +
          'filter[sol_currency] shows one currency',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const query = request.query;
      const list = parseListQuery(query, subAccountList);
      const parent = scopedCustomer(auth, list.filters.buid_customer);
      const currency = parseCurrency(list.filters.sol_currency);
      const accounts = await db
        .selectFrom('customers')
        .select(['buid_customer', 'customer_name', 'status', 'parent_customer'])
        .where('tenant_id', '=', request.tenant.id)
        .where((eb) => eb.or([eb('buid_customer', '=', parent), eb('parent_customer', '=', parent)]))
        .execute();
      const children = accounts.filter((account) => account.parent_customer === parent && auth.customerIds.includes(account.buid_customer));
      const today = centralDay(clock.now());
      const [own, standing] = await Promise.all([
        loadExposures(db, [parent], today, currency, undefined, true),
        loadExposures(
          db,
          children.map((child) => child.buid_customer),
          today,
          currency,
          undefined,
          true,
        ),
      ]);
      // A sub-account with no standing in the currency chosen (Northwind Canada, all CAD, while
      // USD is chosen) shows its own currency's figures instead of blank ones; the roll-up stays
      // the chosen currency's, from the accounts that have figures in it.
      const inChosen = currency ? standing.filter((row) => !withoutStanding(row)) : standing;
      const elsewhere = currency ? standing.filter(withoutStanding).map((row) => row.buid_customer) : [];
      const ownCurrency = elsewhere.length ? await loadExposures(db, elsewhere, today, undefined, undefined, true) : [];
      const byId = new Map(children.map((child) => [child.buid_customer, child]));
      const rows = sortRows(
        [...inChosen, ...ownCurrency].map(({ ageing: _ageing, ...figures }) => ({ ...figures, ...byId.get(figures.buid_customer)! })),
        list.sort,
      );
      const ids = rows.map((row, index) => rowId(rows, row, index));
      // Paged only when asked (a table), as GET /exposures.
      const paged = query['page[number]'] !== undefined || query['page[size]'] !== undefined;
      const page = paged ? slicePage(rows, list.page) : undefined;
      const from = page?.from ?? 0;
      const shown = page?.rows ?? rows;
      return reply.type(JSON_API).send({
        data: shown.map((row, index) => resource('sub-accounts', ids[from + index]!, { ...row, parent_customer: parent, as_of: today })),
        meta: {
          parent: {
            buid_customer: parent,
            customer_name: accounts.find((account) => account.buid_customer === parent)?.customer_name ?? null,
          },
          totals: exposureTotals([...own, ...inChosen]),
          ...(page ? { page: page.meta } : {}),
        },
      });
    },
  );
}

/** No credit line and nothing owed or unbilled in the currency of the row. */
function withoutStanding(row: Exposure): boolean {
  return (
    row.credit_limit === null &&
    row.unpaid_invoice === 0 &&
    row.unbilled_invoice === 0 &&
    row.past_due_total === 0 &&
    row.current_due_amount === 0 &&
    row.late_fee === 0
  );
}

/** A sub-account's rows stay together in the order asked for, its credit line's currency first (as loadExposures gives them). */
function sortRows(rows: Row[], sort: ReadonlyArray<{ field: 'customer_name' | 'buid_customer'; direction: 'asc' | 'desc' }>): Row[] {
  const order = new Map(rows.map((row, index) => [row, index]));
  return [...rows].sort((a, b) => {
    for (const term of sort) {
      const compared = a[term.field].localeCompare(b[term.field]);
      if (compared !== 0) return term.direction === 'asc' ? compared : -compared;
    }
    return a.buid_customer.localeCompare(b.buid_customer) || order.get(a)! - order.get(b)!;
  });
}
