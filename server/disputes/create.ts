import { invoiceListCaches } from '../invoices/page.ts';
import { DISPUTE_CONTACT_TYPES, disputedAmountProblem, maxDisputableMinor, responseDueAt } from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { audit } from '../audit.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badRequest, unprocessable } from '../http/errors.ts';
import { assertDocumentTypes, decodeDocument, documentItemSchema, documentRow, type DecodedDocument } from './documents.ts';
import { ineligibleInvoices, scopedInvoices } from './eligibility.ts';
import type { FromSchema } from 'json-schema-to-ts';

const CONTACT_TYPES = DISPUTE_CONTACT_TYPES;

/** spec §7 /dispute/create?invoiceIds=...: one request disputes up to 100 invoices (trx ids). */
export function createDisputeBody(maxBase64Length: number) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['invoice_ids', 'dispute_reason_id', 'description', 'is_chargeback'],
    properties: {
      invoice_ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } },
      dispute_reason_id: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      description: { type: 'string', maxLength: 2000 },
      comment: { type: 'string', maxLength: 2000 },
      is_chargeback: { type: 'boolean' },
      contacts: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'email_address', 'contact_type'],
          properties: {
            name: { type: 'string', maxLength: 200 },
            email_address: { type: 'string', format: 'email', maxLength: 254 },
            contact_type: { enum: CONTACT_TYPES },
          },
        },
      },
      amounts: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['trx_id', 'amount_minor'],
          properties: { trx_id: { type: 'string', minLength: 1, maxLength: 64 }, amount_minor: { type: 'integer' } },
        },
      },
      documents: {
        type: 'array',
        maxItems: 100,
        items: documentItemSchema(maxBase64Length, { trx_id: { type: 'string', minLength: 1, maxLength: 64 } }),
      },
    },
  } as const;
}

export type CreateDisputeBody = FromSchema<ReturnType<typeof createDisputeBody>>;

const required = (pointer: string, field: string) => badRequest(ErrorCode.fieldRequired, { pointer }, { field });

/** spec §5 file rules per document, and one document per transaction; all before anything is written. */
function decodeDocuments(body: CreateDisputeBody, tenant: Tenant): Array<DecodedDocument & { trx_id: string }> {
  const seen = new Set<string>();
  return (body.documents ?? []).map((document, index) => {
    const pointer = `/documents/${index}`;
    if (!body.invoice_ids.includes(document.trx_id)) throw unprocessable(ErrorCode.invalidRequest, { pointer: `${pointer}/trx_id` });
    if (seen.has(document.trx_id)) throw unprocessable(ErrorCode.oneDocumentPerTransaction, { pointer: `${pointer}/trx_id` });
    seen.add(document.trx_id);
    return { trx_id: document.trx_id, ...decodeDocument(document, pointer, tenant) };
  });
}

/**
 * Opens one dispute (or chargeback) per invoice, all or nothing. Refusals (spec §5, §8):
 * a blank description or contact name is "required"; an unknown reason is invalid; any invoice
 * that cannot be disputed refuses the whole request with the ineligible trx ids in meta —
 * "not eligible for chargeback" for a chargeback, "dispute submit error" otherwise.
 * Issue 14: a reason with documentation_required needs at least one supporting document in the
 * request (spec §5 file rules, one document per transaction, each with a document type); each
 * invoice's disputed amount (default: all that may be disputed) is at most what is open on it
 * (domain maxDisputableMinor) and becomes the invoice's disputed total.
 */
export async function createDisputes(
  { db, clock }: { db: Database; clock: Clock },
  auth: AuthContext,
  tenant: Tenant,
  body: CreateDisputeBody,
): Promise<number[]> {
  const tenantId = tenant.id;
  if (body.description.trim() === '') throw required('/description', 'description');
  const documents = decodeDocuments(body, tenant);
  const amounts = new Map((body.amounts ?? []).map((line) => [line.trx_id, line.amount_minor]));
  (body.amounts ?? []).forEach((line, index) => {
    if (!body.invoice_ids.includes(line.trx_id)) throw unprocessable(ErrorCode.invalidRequest, { pointer: `/amounts/${index}/trx_id` });
  });
  body.contacts?.forEach((contact, index) => {
    if (contact.name.trim() === '') throw required(`/contacts/${index}/name`, 'name');
  });
  const comment = body.comment?.trim() ? body.comment.trim() : null;

  // Statuses change, so list totals must be counted afresh.
  return db
    .transaction()
    .execute(async (trx) => {
      const reason = await trx
        .selectFrom('dispute_reasons')
        .select(['dispute_reason_id', 'documentation_required'])
        .where('dispute_reason_id', '=', body.dispute_reason_id)
        .executeTakeFirst();
      if (!reason) throw unprocessable(ErrorCode.invalidRequest, { pointer: '/dispute_reason_id' });
      // Issue 14: a reason with documentation_required needs at least one supporting document.
      if (reason.documentation_required && documents.length === 0)
        throw unprocessable(ErrorCode.disputeDocumentRequired, { pointer: '/documents' });
      // One document per invoice, each on its own new dispute.
      await assertDocumentTypes(
        trx,
        documents.map((document) => [document]),
      );

      const invoices = await scopedInvoices(trx, auth, tenantId, body.invoice_ids, true);
      const ineligible = await ineligibleInvoices(trx, invoices);
      if (ineligible.length) {
        throw new ApiError(
          422,
          body.is_chargeback ? ErrorCode.notEligibleForChargeback : ErrorCode.disputeSubmitError,
          { pointer: '/invoice_ids' },
          { ineligible_trx_ids: ineligible.map((row) => row.trx_id), ineligible },
        );
      }

      const amountOf = new Map<string, number>();
      for (const [index, invoice] of invoices.entries()) {
        const asked = amounts.get(invoice.trx_id) ?? maxDisputableMinor(invoice);
        const problem = disputedAmountProblem(asked, invoice);
        if (problem) {
          throw unprocessable(
            problem === 'amountInvalid' ? ErrorCode.disputeAmountInvalid : ErrorCode.disputeAmountAboveOpen,
            { pointer: `/amounts/${index}` },
            { trx_id: invoice.trx_id, invoice_id: invoice.invoice_id, max_minor: maxDisputableMinor(invoice) },
          );
        }
        amountOf.set(invoice.trx_id, asked);
      }

      const now = clock.now();
      const created = await trx
        .insertInto('disputes')
        .values(
          invoices.map((invoice) => ({
            trx_id: invoice.trx_id,
            buid_customer: invoice.buid_customer,
            buid_merchant: invoice.buid_merchant,
            dispute_reason_id: body.dispute_reason_id,
            description: body.description.trim(),
            status: 'open' as const,
            is_chargeback: body.is_chargeback,
            amount_minor: amountOf.get(invoice.trx_id)!,
            currency: invoice.currency,
            created_at: now,
            created_by: auth.user.user_id,
            response_due_at: responseDueAt(now),
            response_date: null,
            closed_at: null,
          })),
        )
        .returning(['dispute_id', 'trx_id'])
        .execute();

      if (body.contacts?.length) {
        const contacts = body.contacts;
        await trx
          .insertInto('dispute_contacts')
          .values(
            created.flatMap(({ dispute_id }) =>
              contacts.map((contact) => ({
                dispute_id,
                name: contact.name.trim(),
                email_address: contact.email_address,
                contact_type: contact.contact_type,
                contact_type_text: `${contact.contact_type} contact`,
              })),
            ),
          )
          .execute();
      }
      if (comment) {
        await trx
          .insertInto('dispute_responses')
          .values(
            created.map(({ dispute_id }) => ({
              dispute_id,
              side: 'customer' as const,
              action: 'create',
              dispute_action_description: body.is_chargeback ? 'Chargeback requested' : 'Dispute created',
              comment,
              comment_date: now,
              user_id: auth.user.user_id,
            })),
          )
          .execute();
      }
      if (documents.length) {
        const disputeOf = new Map(created.map((row) => [row.trx_id, row.dispute_id]));
        await trx
          .insertInto('dispute_documents')
          .values(
            documents.map((document) =>
              documentRow(document, { dispute_id: disputeOf.get(document.trx_id)!, trx_id: document.trx_id }, now),
            ),
          )
          .execute();
      }
      // The disputed amount is the invoice's disputed total until the dispute is closed.
      for (const invoice of invoices) {
        await trx
          .updateTable('invoices')
          .set({ status: 'Disputed', disputed_total_minor: amountOf.get(invoice.trx_id)!, updated_at: now })
          .where('trx_id', '=', invoice.trx_id)
          .execute();
      }
      for (const { dispute_id, trx_id } of created) {
        const invoice = invoices.find((row) => row.trx_id === trx_id);
        await audit(trx, {
          tenantId,
          userId: auth.user.user_id,
          action: body.is_chargeback ? 'chargeback.create' : 'dispute.create',
          entity: 'dispute',
          entityId: String(dispute_id),
          detail: {
            trx_id,
            previous_invoice_status: invoice?.status,
            dispute_reason_id: body.dispute_reason_id,
            amount_minor: amountOf.get(trx_id),
            contacts: body.contacts?.length ?? 0,
            documents: documents.filter((document) => document.trx_id === trx_id).length,
          },
        });
      }
      return created.map((row) => row.dispute_id);
    })
    .finally(() => invoiceListCaches.invalidate());
}
