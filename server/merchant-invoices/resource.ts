import { isEditableStatus, TEXT_LIMITS } from '../../domain/merchant-invoices.ts';
import { formatScaled } from '../../domain/numeric-input.ts';
import type { Invoice } from '../db/schema.ts';
import { boolean, resourceSchema, strictObject, text } from '../http/api-schema.ts';
import { resource } from '../http/jsonapi.ts';

const decimalText = { type: 'string', maxLength: 40 } as const;
const bounded = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/**
 * The body of POST and PATCH /ecaas/merchant-invoices: an invoice draft as the form holds it
 * (amounts as decimal text, spec §5 numeric rules applied by domain/merchant-invoices.ts, which
 * also says which fields are required, in the spec's words).
 */
export const draftBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    buid_merchant: bounded(64),
    buid_customer: bounded(64),
    invoice_id: bounded(80),
    po_number: bounded(TEXT_LIMITS.po_number * 2),
    status: bounded(20),
    received_date: bounded(10),
    due_date: bounded(10),
    currency: bounded(3),
    product: bounded(TEXT_LIMITS.product * 2),
    notes: bounded(TEXT_LIMITS.notes * 2),
    merchant_original_invoice: bounded(TEXT_LIMITS.merchant_original_invoice * 2),
    adjustment_reason: bounded(TEXT_LIMITS.adjustment_reason * 2),
    tax: decimalText,
    line_items: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { description: bounded(TEXT_LIMITS.description * 2), quantity: decimalText, unit_price: decimalText },
      },
    },
  },
} as const;

export interface LineRow {
  line_no: number;
  description: string;
  quantity: number;
  unit_price_minor: number;
}

const lineItemSchema = strictObject({ description: text, quantity: text, unit_price: text });

/** GET /ecaas/merchant-invoices/{trx_id}: the invoice as its edit form holds it, and whether it may be edited. */
export const merchantInvoiceResourceSchema = resourceSchema(
  'merchant-invoices',
  strictObject({
    trx_id: text,
    buid_merchant: text,
    buid_customer: text,
    customer_name: text,
    invoice_id: text,
    po_number: text,
    status: text,
    received_date: text,
    due_date: { type: 'string' },
    currency: text,
    product: text,
    notes: text,
    merchant_original_invoice: text,
    adjustment_reason: text,
    tax: text,
    invoice_total: text,
    editable: boolean,
    line_items: { type: 'array', items: lineItemSchema },
  }),
);

export function merchantInvoiceResource(
  invoice: Invoice & { customer_name: string },
  lines: readonly LineRow[],
  minorUnits: number,
  openDispute: boolean,
) {
  return resource('merchant-invoices', invoice.trx_id, {
    trx_id: invoice.trx_id,
    buid_merchant: invoice.buid_merchant,
    buid_customer: invoice.buid_customer,
    customer_name: invoice.customer_name,
    invoice_id: invoice.invoice_id,
    po_number: invoice.po_number ?? '',
    // Its own status (an edited total shows Adjusted); the form offers a billed invoice the billed statuses only.
    status: invoice.status,
    received_date: invoice.received_date,
    due_date: invoice.due_date ?? '',
    currency: invoice.currency.trim(),
    product: invoice.product ?? '',
    notes: invoice.notes ?? '',
    merchant_original_invoice: invoice.merchant_original_invoice ?? '',
    adjustment_reason: invoice.adjustment_reason ?? '',
    tax: formatScaled(invoice.tax_minor, minorUnits),
    invoice_total: formatScaled(invoice.invoice_total_minor, minorUnits),
    editable: isEditableStatus(invoice.status) && !openDispute,
    line_items: lines.map((line) => ({
      description: line.description,
      // numeric(12,3) arrives as a number; back to plain decimal text without float noise.
      quantity: formatScaled(Math.round(Number(line.quantity) * 1000), 3).replace(/\.?0+$/, ''),
      unit_price: formatScaled(line.unit_price_minor, minorUnits),
    })),
  });
}
