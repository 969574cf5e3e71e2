import { invoiceListCaches } from '../invoices/page.ts';
import { responseDueAt } from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { audit } from '../audit.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badRequest, unprocessable } from '../http/errors.ts';
import { ineligibleInvoices, scopedInvoices } from './eligibility.ts';

/** Contact types offered by the wizard; the same names as the group contacts' dispute_contact_type. */
export const CONTACT_TYPES = ['Primary', 'Billing'] as const;

export interface CreateDisputeBody {
  invoice_ids: string[];
  dispute_reason_id: number;
  description: string;
  comment?: string;
  is_chargeback: boolean;
  contacts?: Array<{ name: string; email_address: string; contact_type: (typeof CONTACT_TYPES)[number] }>;
}

/** spec §7 /dispute/create?invoiceIds=...: one request disputes up to 100 invoices (trx ids). */
export const createDisputeBody = {
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
      type: 'array', maxItems: 10,
      items: {
        type: 'object', additionalProperties: false, required: ['name', 'email_address', 'contact_type'],
        properties: {
          name: { type: 'string', maxLength: 200 },
          email_address: { type: 'string', format: 'email', maxLength: 254 },
          contact_type: { enum: CONTACT_TYPES },
        },
      },
    },
  },
} as const;

const required = (pointer: string, field: string) => badRequest(ErrorCode.fieldRequired, { pointer }, { field });

/**
 * Opens one dispute (or chargeback) per invoice, all or nothing. Refusals (spec §5, §8):
 * a blank description or contact name is "required"; an unknown reason is invalid; any invoice
 * that cannot be disputed refuses the whole request with the ineligible trx ids in meta —
 * "not eligible for chargeback" for a chargeback, "dispute submit error" otherwise.
 * Reasons with documentation_required do not block: documents are added to the dispute after
 * it exists, and the created disputes say documentation_required 'Y' so the wizard asks for them.
 */
export async function createDisputes(
  { db, clock }: { db: Database; clock: Clock }, auth: AuthContext, tenantId: string, body: CreateDisputeBody,
): Promise<number[]> {
  if (body.description.trim() === '') throw required('/description', 'description');
  body.contacts?.forEach((contact, index) => {
    if (contact.name.trim() === '') throw required(`/contacts/${index}/name`, 'name');
  });
  const comment = body.comment?.trim() ? body.comment.trim() : null;

  // Statuses change, so list totals must be counted afresh.
  return db.transaction().execute(async (trx) => {
    const reason = await trx.selectFrom('dispute_reasons').select('dispute_reason_id')
      .where('dispute_reason_id', '=', body.dispute_reason_id).executeTakeFirst();
    if (!reason) throw unprocessable(ErrorCode.invalidRequest, { pointer: '/dispute_reason_id' });

    const invoices = await scopedInvoices(trx, auth, tenantId, body.invoice_ids, true);
    const ineligible = await ineligibleInvoices(trx, invoices);
    if (ineligible.length) {
      throw new ApiError(422, body.is_chargeback ? ErrorCode.notEligibleForChargeback : ErrorCode.disputeSubmitError,
        { pointer: '/invoice_ids' }, { ineligible_trx_ids: ineligible.map((row) => row.trx_id), ineligible });
    }

    const now = clock.now();
    const created = await trx.insertInto('disputes').values(invoices.map((invoice) => ({
      trx_id: invoice.trx_id,
      buid_customer: invoice.buid_customer,
      buid_merchant: invoice.buid_merchant,
      dispute_reason_id: body.dispute_reason_id,
      description: body.description.trim(),
      status: 'open' as const,
      is_chargeback: body.is_chargeback,
      amount_minor: invoice.amount_minor,
      currency: invoice.currency,
      created_at: now,
      created_by: auth.user.user_id,
      response_due_at: responseDueAt(now),
      response_date: null,
      closed_at: null,
    }))).returning(['dispute_id', 'trx_id']).execute();

    if (body.contacts?.length) {
      const contacts = body.contacts;
      await trx.insertInto('dispute_contacts').values(created.flatMap(({ dispute_id }) => contacts.map((contact) => ({
        dispute_id, name: contact.name.trim(), email_address: contact.email_address,
        contact_type: contact.contact_type, contact_type_text: `${contact.contact_type} contact`,
      })))).execute();
    }
    if (comment) {
      await trx.insertInto('dispute_responses').values(created.map(({ dispute_id }) => ({
        dispute_id, side: 'customer' as const, action: 'create',
        dispute_action_description: body.is_chargeback ? 'Chargeback requested' : 'Dispute created',
        comment, comment_date: now, user_id: auth.user.user_id,
      }))).execute();
    }
    // The whole invoice amount is in dispute until the dispute is closed.
    await trx.updateTable('invoices')
      .set((eb) => ({ status: 'Disputed', disputed_total_minor: eb.ref('amount_minor'), updated_at: now }))
      .where('trx_id', 'in', invoices.map((invoice) => invoice.trx_id))
      .execute();
    for (const { dispute_id, trx_id } of created) {
      const invoice = invoices.find((row) => row.trx_id === trx_id);
      await audit(trx, {
        tenantId, userId: auth.user.user_id, action: body.is_chargeback ? 'chargeback.create' : 'dispute.create',
        entity: 'dispute', entityId: String(dispute_id),
        detail: { trx_id, previous_invoice_status: invoice?.status, dispute_reason_id: body.dispute_reason_id, contacts: body.contacts?.length ?? 0 },
      });
    }
    return created.map((row) => row.dispute_id);
  }).finally(() => invoiceListCaches.invalidate());
}
