import type { FastifyReply } from 'fastify';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { centralDay } from '../../domain/exposure.ts';
import { checkInvoiceDraft, isEditableStatus, type InvoiceDraft } from '../../domain/merchant-invoices.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { authOf, type RouteAccess } from '../auth/access.ts';
import type { AuthContext } from '../auth/context.ts';
import { csvImportRoutes } from '../csv/routes.ts';
import type { Database } from '../db/database.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { listDocument, resourceSchema, responses, singleDocument, strictObject, text, textList } from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import {
  DraftRefused,
  draftRefusal,
  existingInvoiceIds,
  loadMerchantContext,
  merchantOf,
  minorUnitsOf,
  relationshipProblems,
} from './context.ts';
import { invoiceCsvImport, lockMerchantInvoices } from './csv-import.ts';
import { draftBodySchema, merchantInvoiceResource, merchantInvoiceResourceSchema } from './resource.ts';
import { insertInvoices, updateInvoice } from './write.ts';

const CREATE: RouteAccess = { can: ['create', 'Invoice'], userTypes: ['merchant'] };
const UPDATE: RouteAccess = { can: ['update', 'Invoice'], userTypes: ['merchant'] };

const trxParams = {
  type: 'object',
  additionalProperties: false,
  required: ['trx_id'],
  properties: { trx_id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const customerList = { filters: ['buid_merchant'] as const, sorts: [] as const, defaultSort: [] as const };
const merchantCustomerResource = resourceSchema(
  'merchant-customers',
  strictObject({ buid_customer: text, customer_name: text, label: text, currencies: textList }),
);

/** Open disputes lock an invoice too (spec: "edits one that is not yet paid or disputed"). */
async function hasOpenDispute(db: Database, trxId: string): Promise<boolean> {
  const row = await db
    .selectFrom('disputes')
    .select('dispute_id')
    .where('trx_id', '=', trxId)
    .where('status', '!=', 'closed')
    .executeTakeFirst();
  return row !== undefined;
}

/** The invoice as its edit form holds it; 404 outside the user's merchants (ids cannot be probed). */
async function loadDraftResource(db: Database, auth: AuthContext, trxId: string) {
  const invoice = await db
    .selectFrom('invoices')
    .innerJoin('customers', 'customers.buid_customer', 'invoices.buid_customer')
    .selectAll('invoices')
    .select('customers.customer_name')
    .where('invoices.trx_id', '=', trxId)
    .where('invoices.buid_merchant', 'in', auth.merchantIds.length ? [...auth.merchantIds] : [''])
    .executeTakeFirst();
  if (!invoice) throw notFound(ErrorCode.invoiceNotFound);
  const [lines, currency, disputed] = await Promise.all([
    db
      .selectFrom('invoice_line_items')
      .select(['line_no', 'description', 'quantity', 'unit_price_minor'])
      .where('trx_id', '=', trxId)
      .orderBy('line_no')
      .execute(),
    db.selectFrom('currencies').select('minor_units').where('code', '=', invoice.currency).executeTakeFirst(),
    hasOpenDispute(db, trxId),
  ]);
  return merchantInvoiceResource(invoice, lines, currency?.minor_units ?? 2, disputed);
}

function sendRefusal(reply: FastifyReply, error: unknown) {
  if (error instanceof DraftRefused) return reply.status(422).type(JSON_API).send(draftRefusal(error.problems));
  throw error;
}

/**
 * The dealer's invoices (issue 15, spec "Other screens": invoice create, import and edit). Under
 * /ecaas/ so no API path is a screen's path (/merchant-invoices/new, …/edit, …/import).
 * Merchant scope: a dealer writes only for its own merchants and their customers.
 */
export function merchantInvoiceRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.get(
    '/ecaas/merchant-customers',
    {
      schema: {
        querystring: listQuerystring(customerList),
        response: responses(listDocument(merchantCustomerResource), 'Customers the merchant may invoice'),
      },
      config: {
        access: CREATE,
        summary: 'Customers of filter[buid_merchant] (default: the session merchant) a dealer may invoice, with their currencies',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, customerList);
      const merchant = merchantOf(auth, list.filters.buid_merchant);
      const context = await loadMerchantContext(db, merchant);
      const names = await db
        .selectFrom('customers')
        .select(['buid_customer', 'customer_name'])
        .where('buid_customer', 'in', context.customers.size ? [...context.customers.keys()] : [''])
        .orderBy('buid_customer')
        .execute();
      return reply.type(JSON_API).send({
        data: names.map((row) =>
          resource('merchant-customers', row.buid_customer, {
            buid_customer: row.buid_customer,
            customer_name: row.customer_name,
            label: `${row.customer_name} (${row.buid_customer})`,
            currencies: [...(context.customers.get(row.buid_customer) ?? [])].sort(),
          }),
        ),
      });
    },
  );

  app.get(
    '/ecaas/merchant-invoices/:trx_id',
    {
      schema: {
        params: trxParams,
        response: responses(singleDocument(merchantInvoiceResourceSchema), 'The invoice as its edit form holds it'),
      },
      config: {
        access: UPDATE,
        summary: "One of the merchant's invoices with its line items, amounts as decimal text, and whether it may be edited",
      },
    },
    async (request, reply) => {
      return reply.type(JSON_API).send({ data: await loadDraftResource(db, authOf(request), request.params.trx_id) });
    },
  );

  app.post(
    '/ecaas/merchant-invoices',
    {
      schema: { body: draftBodySchema, response: responses(singleDocument(merchantInvoiceResourceSchema), 'The new invoice', 201) },
      config: {
        access: CREATE,
        summary: "Create an invoice for one of the merchant's customers, with line items (spec §3, §5 numeric rules)",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { buid_merchant: named, ...draft } = request.body;
      const merchant = merchantOf(auth, named);
      const today = centralDay(clock.now());
      try {
        const trxId = await db.transaction().execute(async (trx) => {
          await lockMerchantInvoices(trx, merchant);
          const context = await loadMerchantContext(trx, merchant);
          const checked = checkInvoiceDraft(draft, { today, minorUnits: minorUnitsOf(context, draft.currency) });
          const problems = [...checked.problems, ...relationshipProblems(draft, context)];
          if ((await existingInvoiceIds(trx, merchant, draft.invoice_id ? [draft.invoice_id.trim()] : [])).size > 0) {
            problems.push({ field: 'invoice_id', code: ErrorCode.merchantInvoiceDuplicateId, values: { invoice_id: draft.invoice_id } });
          }
          if (problems.length > 0 || !checked.priced) throw new DraftRefused(problems);
          const [created] = await insertInvoices(trx, merchant, [{ draft, priced: checked.priced }], today, auth.user.user_id);
          await audit(trx, {
            tenantId: request.tenant.id,
            userId: auth.user.user_id,
            action: 'create',
            entity: 'invoice',
            entityId: String(created),
            detail: {
              buid_merchant: merchant,
              buid_customer: draft.buid_customer,
              invoice_id: draft.invoice_id,
              total_minor: checked.priced.total_minor,
            },
          });
          return created as string;
        });
        return reply
          .status(201)
          .type(JSON_API)
          .send({ data: await loadDraftResource(db, auth, trxId) });
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.patch(
    '/ecaas/merchant-invoices/:trx_id',
    {
      schema: {
        params: trxParams,
        body: draftBodySchema,
        response: responses(singleDocument(merchantInvoiceResourceSchema), 'The edited invoice'),
      },
      config: {
        access: UPDATE,
        summary: 'Edit an invoice that is not paid, being paid, disputed or terminated; a changed billed total needs an adjustment reason',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { buid_merchant: _ignored, ...body } = request.body;
      const today = centralDay(clock.now());
      try {
        await db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('invoices')
            .selectAll()
            .where('trx_id', '=', request.params.trx_id)
            .where('buid_merchant', 'in', auth.merchantIds.length ? [...auth.merchantIds] : [''])
            .forUpdate()
            .executeTakeFirst();
          if (!existing) throw notFound(ErrorCode.invoiceNotFound);
          if (!isEditableStatus(existing.status) || (await hasOpenDispute(trx, existing.trx_id))) {
            throw new ApiError(409, ErrorCode.merchantInvoiceNotEditable, { pointer: '/status' }, { status: existing.status });
          }
          await lockMerchantInvoices(trx, existing.buid_merchant);
          // The customer and the merchant of an invoice stay; everything else is the draft's.
          const draft: InvoiceDraft = { ...body, buid_customer: existing.buid_customer };
          const context = await loadMerchantContext(trx, existing.buid_merchant);
          const checked = checkInvoiceDraft(draft, {
            today,
            minorUnits: minorUnitsOf(context, draft.currency),
            billedTotalMinor: existing.billed_total_minor,
          });
          const problems = [...checked.problems, ...relationshipProblems(draft, context)];
          if (
            draft.invoice_id &&
            (await existingInvoiceIds(trx, existing.buid_merchant, [draft.invoice_id.trim()], existing.trx_id)).size > 0
          ) {
            problems.push({ field: 'invoice_id', code: ErrorCode.merchantInvoiceDuplicateId, values: { invoice_id: draft.invoice_id } });
          }
          if (problems.length > 0 || !checked.priced) throw new DraftRefused(problems);
          await updateInvoice(trx, existing, { draft, priced: checked.priced }, today, clock.now());
          await audit(trx, {
            tenantId: request.tenant.id,
            userId: auth.user.user_id,
            action: 'update',
            entity: 'invoice',
            entityId: existing.trx_id,
            detail: {
              from_total_minor: existing.invoice_total_minor,
              to_total_minor: checked.priced.total_minor,
              adjustment_reason: draft.adjustment_reason ?? null,
            },
          });
        });
        return reply.type(JSON_API).send({ data: await loadDraftResource(db, auth, request.params.trx_id) });
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  csvImportRoutes(app, db, {
    path: '/ecaas/merchant-invoice-imports',
    access: CREATE,
    what: 'invoices',
    definition: invoiceCsvImport,
    env: (request) => {
      const auth = authOf(request);
      return { merchant: merchantOf(auth), today: centralDay(clock.now()), userId: auth.user.user_id };
    },
  });
}
