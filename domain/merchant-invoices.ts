/**
 * A dealer's invoice (spec §3 Invoice, the fields a merchant supplies; "Other screens": invoice
 * create, import and edit): the rules of a draft, shared by the create and edit forms, the API
 * and the CSV import, so all three refuse the same input with the same i18n codes.
 */
import { ErrorCode } from './error-codes.ts';
import type { InvoiceStatus } from './invoice-status.ts';
import { parseDecimal, type DecimalRule } from './numeric-input.ts';

/** Statuses a dealer may give a new invoice: billed at once, or posted and billed later (spec §4). */
export const NEW_INVOICE_STATUSES = ['Billed', 'Pending', 'Unbilled'] as const;
export type NewInvoiceStatus = (typeof NEW_INVOICE_STATUSES)[number];

/**
 * Statuses a billed invoice's edit may carry: the one it has (the server derives it from the
 * dates and the total; a changed total makes it Adjusted), never back to not billed.
 */
export const BILLED_EDIT_STATUSES = ['Billed', 'Past Due', 'Adjusted', 'On hold'] as const;

/**
 * "edits one that is not yet paid or disputed": Paid and Payment Pending (money on its way),
 * Disputed, and Terminated (closed for good) are not editable; everything else is.
 */
export const LOCKED_STATUSES: readonly InvoiceStatus[] = ['Paid', 'Payment Pending', 'Disputed', 'Terminated'];
export const isEditableStatus = (status: string) => !(LOCKED_STATUSES as readonly string[]).includes(status);

export const MAX_LINE_ITEMS = 100;
/** Quantities in thousandths (the line items' numeric(12,3)). */
export const QUANTITY_RULE: DecimalRule = { decimals: 3, minimum: 1, maximum: 1_000_000_000 };
/** Money rules for a currency of `minorUnits` decimals: prices and tax from 0 up to 10 million. */
export const priceRule = (minorUnits: number): DecimalRule => ({
  decimals: minorUnits,
  minimum: 0,
  maximum: 10_000_000 * 10 ** minorUnits,
});
/** An invoice's total: more than zero, at most 100 million. */
export const totalMaximum = (minorUnits: number) => 100_000_000 * 10 ** minorUnits;

export const INVOICE_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$';
export const TEXT_LIMITS = {
  po_number: 40,
  product: 60,
  notes: 1000,
  merchant_original_invoice: 40,
  adjustment_reason: 200,
  description: 120,
} as const;

export interface LineItemDraft {
  description?: string;
  quantity?: string;
  unit_price?: string;
}

/** What the form, the API body and a CSV invoice (its rows grouped) carry; amounts as decimal text. */
export interface InvoiceDraft {
  buid_customer?: string;
  invoice_id?: string;
  po_number?: string;
  status?: string;
  received_date?: string;
  due_date?: string;
  currency?: string;
  product?: string;
  notes?: string;
  merchant_original_invoice?: string;
  adjustment_reason?: string;
  tax?: string;
  line_items?: LineItemDraft[];
}

export interface DraftProblem {
  /** Field path: `po_number`, `line_items.0.quantity`. */
  field: string;
  code: string;
  values?: Record<string, unknown>;
}

export interface PricedLine {
  line_no: number;
  description: string;
  quantity_milli: number;
  unit_price_minor: number;
  amount_minor: number;
}
export interface PricedInvoice {
  lines: PricedLine[];
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
}

/** quantity (thousandths) × unit price (minor units), rounded half up to a minor unit; exact in BigInt. */
export function lineAmountMinor(quantityMilli: number, unitPriceMinor: number): number {
  const product = BigInt(quantityMilli) * BigInt(unitPriceMinor);
  return Number((product * 2n + 1000n) / 2000n);
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) =>
  DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export interface DraftContext {
  /** Today in the program's zone ('YYYY-MM-DD'). */
  today: string;
  /** Decimals of the invoice's currency (2 when unknown). */
  minorUnits: number;
  /** Editing an invoice that was billed: a changed total needs an adjustment reason (spec §5). */
  billedTotalMinor?: number;
}

/**
 * Every problem of a draft (spec §5: required fields "{field} is required", text lengths, the
 * numeric rules, dates) and, when there are none, its priced lines and totals. The status must
 * be one a new invoice may take unless `context.billedTotalMinor` says it is an edit.
 */
export function checkInvoiceDraft(draft: InvoiceDraft, context: DraftContext): { problems: DraftProblem[]; priced?: PricedInvoice } {
  const problems: DraftProblem[] = [];
  const required = (field: keyof InvoiceDraft) => {
    if (blank(draft[field])) {
      problems.push({ field, code: ErrorCode.fieldRequired });
      return false;
    }
    return true;
  };
  const maxLength = (field: string, value: string | undefined, limit: number) => {
    if (value !== undefined && [...value].length > limit) problems.push({ field, code: ErrorCode.validationMaxLength, values: { limit } });
  };

  required('buid_customer');
  if (required('invoice_id') && !new RegExp(INVOICE_ID_PATTERN).test(String(draft.invoice_id)))
    problems.push({ field: 'invoice_id', code: ErrorCode.validationPattern });
  required('po_number');
  required('currency');
  for (const field of ['po_number', 'product', 'notes', 'merchant_original_invoice', 'adjustment_reason'] as const)
    maxLength(field, draft[field], TEXT_LIMITS[field]);
  const editing = context.billedTotalMinor !== undefined;
  // A billed invoice stays billed (its edit form shows its own status: Adjusted, Past Due, …);
  // one not billed yet takes a new invoice's statuses.
  const statuses: readonly string[] = editing && context.billedTotalMinor! > 0 ? BILLED_EDIT_STATUSES : NEW_INVOICE_STATUSES;
  if (!blank(draft.status) && !statuses.includes(String(draft.status))) {
    problems.push({ field: 'status', code: ErrorCode.validationEnum, values: { limit: statuses.join(', ') } });
  }

  const received = blank(draft.received_date) ? undefined : String(draft.received_date);
  const due = blank(draft.due_date) ? undefined : String(draft.due_date);
  if (required('received_date') && received && !isDay(received))
    problems.push({ field: 'received_date', code: ErrorCode.validationFormat });
  else if (received && received > context.today) problems.push({ field: 'received_date', code: ErrorCode.merchantInvoiceReceivedInFuture });
  if ((draft.status ?? 'Billed') === 'Billed' && !due) problems.push({ field: 'due_date', code: ErrorCode.fieldRequired });
  if (due && !isDay(due)) problems.push({ field: 'due_date', code: ErrorCode.validationFormat });
  else if (due && received && isDay(received) && due < received)
    problems.push({ field: 'due_date', code: ErrorCode.merchantInvoiceDueBeforeReceived });

  const money = priceRule(context.minorUnits);
  const lines: PricedLine[] = [];
  const items = draft.line_items ?? [];
  if (items.length === 0) problems.push({ field: 'line_items', code: ErrorCode.fieldRequired });
  if (items.length > MAX_LINE_ITEMS)
    problems.push({ field: 'line_items', code: ErrorCode.validationMaxItems, values: { limit: MAX_LINE_ITEMS } });
  items.slice(0, MAX_LINE_ITEMS).forEach((item, index) => {
    const at = (name: string) => `line_items.${index}.${name}`;
    if (blank(item.description)) problems.push({ field: at('description'), code: ErrorCode.fieldRequired });
    else maxLength(at('description'), item.description, TEXT_LIMITS.description);
    const quantity = blank(item.quantity) ? undefined : parseDecimal(String(item.quantity), QUANTITY_RULE);
    const price = blank(item.unit_price) ? undefined : parseDecimal(String(item.unit_price), money);
    if (!quantity) problems.push({ field: at('quantity'), code: ErrorCode.fieldRequired });
    else if (!quantity.ok)
      problems.push({ field: at('quantity'), code: quantity.code, ...(quantity.values ? { values: quantity.values } : {}) });
    if (!price) problems.push({ field: at('unit_price'), code: ErrorCode.fieldRequired });
    else if (!price.ok) problems.push({ field: at('unit_price'), code: price.code, ...(price.values ? { values: price.values } : {}) });
    if (quantity?.ok && price?.ok) {
      lines.push({
        line_no: index + 1,
        description: String(item.description).trim(),
        quantity_milli: quantity.scaled,
        unit_price_minor: price.scaled,
        amount_minor: lineAmountMinor(quantity.scaled, price.scaled),
      });
    }
  });
  const tax = blank(draft.tax) ? { ok: true as const, scaled: 0 } : parseDecimal(String(draft.tax), money);
  if (!tax.ok) problems.push({ field: 'tax', code: tax.code, ...(tax.values ? { values: tax.values } : {}) });
  if (problems.length > 0 || !tax.ok) return { problems };

  const subtotal = lines.reduce((sum, line) => sum + line.amount_minor, 0);
  const total = subtotal + tax.scaled;
  if (total <= 0) return { problems: [{ field: 'line_items', code: ErrorCode.merchantInvoiceTotalNotPositive }] };
  if (total > totalMaximum(context.minorUnits)) {
    return {
      problems: [
        {
          field: 'line_items',
          code: ErrorCode.merchantInvoiceTotalTooLarge,
          values: { limit: totalMaximum(context.minorUnits) / 10 ** context.minorUnits },
        },
      ],
    };
  }
  if (editing && context.billedTotalMinor !== 0 && total !== context.billedTotalMinor && blank(draft.adjustment_reason)) {
    return { problems: [{ field: 'adjustment_reason', code: ErrorCode.fieldRequired }] };
  }
  return { problems: [], priced: { lines, subtotal_minor: subtotal, tax_minor: tax.scaled, total_minor: total } };
}
