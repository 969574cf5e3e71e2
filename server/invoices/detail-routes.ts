import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AuthContext } from '../auth/context.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { badRequest } from '../http/errors.ts';
import { integer, listDocument, nullableText, resourceSchema, responses, strictObject, text } from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { fullScope, listScope, scopedTrxIds, type InvoiceScope } from './scope.ts';

/**
 * What the invoice details page loads beside the invoice (spec §7): bill-to, ship-to and
 * sold-by addresses, and the line items. All by filter[trx_id]; an invoice outside the
 * user's scope simply yields nothing, like GET /invoices.
 */
const byTrx = { filters: ['trx_id'] as const, sorts: ['trx_id'] as const, defaultSort: [{ field: 'trx_id', direction: 'asc' }] as const };
const byTrxAndCustomer = { ...byTrx, filters: ['trx_id', 'buid_customer'] as const };

function requiredTrxIds(raw: string | undefined): string[] {
  const ids = parseIdList(raw, 'filter[trx_id]');
  if (!ids) throw badRequest(ErrorCode.fieldRequired, { parameter: 'filter[trx_id]' }, { field: 'trx_id' });
  return ids;
}

/** filter[buid_customer] narrows to those customers (each must be the user's, else 404). */
function scopeFor(auth: AuthContext, buidCustomer: string | undefined): InvoiceScope {
  return buidCustomer === undefined ? fullScope(auth) : listScope(auth, { buid_customer: buidCustomer });
}

type AddressKind = 'billing' | 'shipping' | 'merchant';

const addressLines = { line_1: text, line_2: nullableText, line_3: nullableText, city_state_zip: text, country: text } as const;
/** spec §3 Address: the merchant's names its contact `contact`, the others `contact_name`. */
const addressResource = (type: string, kind: AddressKind) =>
  resourceSchema(
    type,
    strictObject(
      kind === 'merchant'
        ? { trx_id: text, contact: nullableText, ...addressLines }
        : { trx_id: text, contact_name: nullableText, ...addressLines },
    ),
  );
const lineItem = {
  line_no: integer,
  description: text,
  quantity: { type: 'number' },
  unit_price_minor: integer,
  amount_minor: integer,
} as const;
const detailResource = resourceSchema('details', strictObject({ trx_id: text, ...lineItem, currency: text }));
const invoiceDetailResource = resourceSchema(
  'invoice-details',
  strictObject({
    trx_id: text,
    invoice_id: text,
    currency: text,
    sold_by: text,
    buid_merchant: text,
    subtotal_minor: integer,
    tax_minor: integer,
    late_fee_minor: integer,
    invoice_total_minor: integer,
    billed_total_minor: integer,
    disputed_total_minor: integer,
    amount_minor: integer,
    line_items: { type: 'array', items: strictObject(lineItem) },
  }),
);

export function invoiceDetailRoutes(app: SchemaTypedApp, { db }: AppDeps): void {
  const addressRoute = (path: string, kind: AddressKind, spec: typeof byTrx | typeof byTrxAndCustomer) => {
    app.get(
      path,
      {
        schema: {
          querystring: listQuerystring(spec),
          response: responses(listDocument(addressResource(path.slice(1), kind)), `The ${kind} addresses`),
        },
        config: { access: { can: ['read', 'Invoice'] }, summary: `${kind} addresses (spec §3 Address) of filter[trx_id]` },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const list = parseListQuery(request.query, spec);
        const trxIds = requiredTrxIds(list.filters.trx_id);
        const customer = 'buid_customer' in list.filters ? list.filters.buid_customer : undefined;
        const rows = await db
          .selectFrom('addresses')
          .selectAll()
          .where('kind', '=', kind)
          .where('trx_id', 'in', scopedTrxIds(db, scopeFor(auth, customer), trxIds))
          .orderBy('trx_id')
          .execute();
        return reply.type(JSON_API).send({
          data: rows.map((row) =>
            resource(path.slice(1), row.id, {
              trx_id: row.trx_id,
              // spec §3: "Contact name (the merchant one uses contact)".
              ...(kind === 'merchant' ? { contact: row.contact_name } : { contact_name: row.contact_name }),
              line_1: row.line_1,
              line_2: row.line_2,
              line_3: row.line_3,
              city_state_zip: row.city_state_zip,
              country: row.country,
            }),
          ),
        });
      },
    );
  };
  addressRoute('/billing-addresses', 'billing', byTrxAndCustomer);
  addressRoute('/shipping-addresses', 'shipping', byTrx);
  addressRoute('/merchant-addresses', 'merchant', byTrx);

  const lineItems = (auth: AuthContext, trxIds: string[]) =>
    db
      .selectFrom('invoice_line_items')
      .innerJoin('invoices', 'invoices.trx_id', 'invoice_line_items.trx_id')
      .select([
        'invoice_line_items.trx_id',
        'line_no',
        'description',
        'quantity',
        'unit_price_minor',
        'invoice_line_items.amount_minor',
        'invoices.currency',
      ])
      .where('invoice_line_items.trx_id', 'in', scopedTrxIds(db, fullScope(auth), trxIds))
      .orderBy('invoice_line_items.trx_id')
      .orderBy('line_no')
      .execute();

  app.get(
    '/details',
    {
      schema: { querystring: listQuerystring(byTrx), response: responses(listDocument(detailResource), 'Line items') },
      config: {
        access: { can: ['read', 'Invoice'] },
        summary: 'Invoice line items of filter[trx_id] (tenants with invoice_details_version 0)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, byTrx);
      const rows = await lineItems(auth, requiredTrxIds(list.filters.trx_id));
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('details', `${row.trx_id}:${row.line_no}`, {
            trx_id: row.trx_id,
            line_no: row.line_no,
            description: row.description,
            quantity: row.quantity,
            unit_price_minor: row.unit_price_minor,
            amount_minor: row.amount_minor,
            currency: row.currency,
          }),
        ),
      });
    },
  );

  app.get(
    '/ecaas/invoice-details',
    {
      schema: { querystring: listQuerystring(byTrx), response: responses(listDocument(invoiceDetailResource), 'Invoice details') },
      config: {
        access: { can: ['read', 'Invoice'] },
        summary: 'Invoice details of filter[trx_id] with line items, totals and the sold-by merchant (invoice_details_version >= 1)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, byTrx);
      const trxIds = requiredTrxIds(list.filters.trx_id);
      const [invoices, lines] = await Promise.all([
        db
          .selectFrom('invoices')
          .innerJoin('merchants', 'merchants.buid_merchant', 'invoices.buid_merchant')
          .select([
            'invoices.trx_id',
            'invoice_id',
            'invoices.currency',
            'subtotal_minor',
            'tax_minor',
            'late_fee_minor',
            'invoice_total_minor',
            'billed_total_minor',
            'disputed_total_minor',
            'amount_minor',
            'invoices.buid_merchant',
            'merchants.merchant_name',
          ])
          .where('invoices.trx_id', 'in', scopedTrxIds(db, fullScope(auth), trxIds))
          .orderBy('invoices.trx_id')
          .execute(),
        lineItems(auth, trxIds),
      ]);
      return reply.type(JSON_API).send({
        data: invoices.map((invoice) =>
          resource('invoice-details', invoice.trx_id, {
            trx_id: invoice.trx_id,
            invoice_id: invoice.invoice_id,
            currency: invoice.currency,
            sold_by: invoice.merchant_name,
            buid_merchant: invoice.buid_merchant,
            subtotal_minor: invoice.subtotal_minor,
            tax_minor: invoice.tax_minor,
            late_fee_minor: invoice.late_fee_minor,
            invoice_total_minor: invoice.invoice_total_minor,
            billed_total_minor: invoice.billed_total_minor,
            disputed_total_minor: invoice.disputed_total_minor,
            amount_minor: invoice.amount_minor,
            line_items: lines
              .filter((line) => line.trx_id === invoice.trx_id)
              .map((line) => ({
                line_no: line.line_no,
                description: line.description,
                quantity: line.quantity,
                unit_price_minor: line.unit_price_minor,
                amount_minor: line.amount_minor,
              })),
          }),
        ),
      });
    },
  );
}
