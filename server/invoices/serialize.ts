import type { FromSchema } from 'json-schema-to-ts';
import { disputeIneligibleReason } from '../../domain/disputes.ts';
import { INVOICE_STATUSES, isPayable } from '../../domain/invoice-status.ts';
import type { Invoice } from '../db/schema.ts';
import { boolean, day, integer, nullableDay, nullableText, resourceSchema, strictObject, text, yesNo } from '../http/api-schema.ts';
import { resource } from '../http/jsonapi.ts';

export type InvoiceRow = Omit<Invoice, 'updated_at' | 'created_by'> & {
  merchant_name: string | null;
  attachments: number;
  /** The program's ineligible-list reason, and whether a dispute on the invoice is open (domain/disputes.ts). */
  listed_ineligible_reason: string | null;
  open_dispute: boolean;
};

/** The attributes of an invoice resource; invoiceResource is typed by it, so the two cannot drift. */
export const invoiceAttributesSchema = strictObject({
  invoiceId: text,
  trxId: text,
  transactionId: text,
  poNumber: nullableText,
  status: { type: 'string', enum: INVOICE_STATUSES },
  eligibleForDispute: yesNo,
  dueDate: nullableDay,
  receivedDate: day,
  billedTotalMinor: integer,
  disputedTotalMinor: integer,
  invoiceTotalMinor: integer,
  subtotalMinor: integer,
  taxMinor: integer,
  lateFeeMinor: integer,
  currentDueMinor: integer,
  pastDueMinor: integer,
  amountMinor: integer,
  currency: text,
  product: nullableText,
  adjustmentReason: nullableText,
  notes: nullableText,
  merchantOriginalInvoice: nullableText,
  buidCustomer: text,
  buidMerchant: text,
  merchantName: nullableText,
  buidLocation: nullableText,
  payable: boolean,
  attachments: integer,
});
export type InvoiceAttributes = FromSchema<typeof invoiceAttributesSchema>;
export const invoiceResourceSchema = resourceSchema('invoices', invoiceAttributesSchema);

/**
 * spec §3 Invoice, camel-cased as the portal receives it. Money stays integer minor units
 * beside the currency; the browser formats. Fields the spec does not list are not sent.
 * eligibleForDispute is the whole rule of domain/disputes.ts (the program's ineligible list, the
 * stored flag, an open dispute, the status), as GET /customer-dispute-ineligible-trxs and
 * POST /ecaas/disputes apply it, so the portal offers Dispute and Request chargeback only where
 * they would be accepted (issue 13).
 */
export function invoiceResource(row: InvoiceRow) {
  return resource<InvoiceAttributes>('invoices', row.trx_id, {
    invoiceId: row.invoice_id,
    trxId: row.trx_id,
    transactionId: row.trx_id,
    poNumber: row.po_number,
    status: row.status,
    eligibleForDispute: disputeIneligibleReason(row, row.listed_ineligible_reason, row.open_dispute) === null ? 'Y' : 'N',
    dueDate: row.due_date,
    receivedDate: row.received_date,
    billedTotalMinor: row.billed_total_minor,
    disputedTotalMinor: row.disputed_total_minor,
    invoiceTotalMinor: row.invoice_total_minor,
    subtotalMinor: row.subtotal_minor,
    taxMinor: row.tax_minor,
    lateFeeMinor: row.late_fee_minor,
    currentDueMinor: row.current_due_minor,
    pastDueMinor: row.past_due_minor,
    amountMinor: row.amount_minor,
    currency: row.currency,
    product: row.product,
    adjustmentReason: row.adjustment_reason,
    notes: row.notes,
    merchantOriginalInvoice: row.merchant_original_invoice,
    buidCustomer: row.buid_customer,
    buidMerchant: row.buid_merchant,
    merchantName: row.merchant_name,
    buidLocation: row.buid_location,
    payable: isPayable(row.status),
    attachments: row.attachments,
  });
}
