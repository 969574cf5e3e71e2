import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { checkInvoiceDraft, isEditableStatus, lineAmountMinor, type InvoiceDraft } from './merchant-invoices.ts';

const context = { today: '2026-11-23', minorUnits: 2 };
const draft = (patch: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  buid_customer: 'C-1001',
  invoice_id: 'ACME-1',
  po_number: 'PO-1',
  currency: 'USD',
  status: 'Billed',
  received_date: '2026-11-20',
  due_date: '2026-12-20',
  tax: '8.25',
  line_items: [
    { description: 'Diesel', quantity: '2.5', unit_price: '3.41' },
    { description: 'Service', quantity: '1', unit_price: '100' },
  ],
  ...patch,
});
const fields = (patch: Partial<InvoiceDraft>, extra = {}) =>
  checkInvoiceDraft(draft(patch), { ...context, ...extra }).problems.map((problem) => [problem.field, problem.code]);

describe('lineAmountMinor', () => {
  it('multiplies thousandths by minor units and rounds half up, exactly', () => {
    expect(lineAmountMinor(2500, 341)).toBe(853); // 2.5 × 3.41 = 8.525 → 8.53
    expect(lineAmountMinor(1, 1)).toBe(0);
    expect(lineAmountMinor(500, 1)).toBe(1);
    expect(lineAmountMinor(1_000_000_000, 1_000_000_000)).toBe(1_000_000_000_000_000);
  });
});

describe('checkInvoiceDraft', () => {
  it('prices a valid draft: lines, subtotal, tax and total in minor units', () => {
    expect(checkInvoiceDraft(draft(), context)).toEqual({
      problems: [],
      priced: {
        lines: [
          { line_no: 1, description: 'Diesel', quantity_milli: 2500, unit_price_minor: 341, amount_minor: 853 },
          { line_no: 2, description: 'Service', quantity_milli: 1000, unit_price_minor: 10000, amount_minor: 10000 },
        ],
        subtotal_minor: 10853,
        tax_minor: 825,
        total_minor: 11678,
      },
    });
  });

  it('requires the spec §5 fields, with the field named', () => {
    expect(fields({ invoice_id: '', po_number: ' ', buid_customer: undefined, line_items: [] })).toEqual([
      ['buid_customer', ErrorCode.fieldRequired],
      ['invoice_id', ErrorCode.fieldRequired],
      ['po_number', ErrorCode.fieldRequired],
      ['line_items', ErrorCode.fieldRequired],
    ]);
    expect(fields({ due_date: undefined })).toEqual([['due_date', ErrorCode.fieldRequired]]);
    expect(fields({ due_date: undefined, status: 'Pending' })).toEqual([]);
  });

  it('applies the numeric rules to each line and the tax', () => {
    expect(
      fields({
        tax: '1.234',
        line_items: [
          { description: 'A', quantity: '0.0001', unit_price: 'x' },
          { description: '', quantity: '0', unit_price: '-1' },
        ],
      }),
    ).toEqual([
      ['line_items.0.quantity', ErrorCode.validationDecimals],
      ['line_items.0.unit_price', ErrorCode.validationNumber],
      ['line_items.1.description', ErrorCode.fieldRequired],
      ['line_items.1.quantity', ErrorCode.validationMinimum],
      ['line_items.1.unit_price', ErrorCode.validationMinimum],
      ['tax', ErrorCode.validationDecimals],
    ]);
    expect(fields({ line_items: [{ description: 'A', quantity: '99999999999999999', unit_price: '1' }] })).toEqual([
      ['line_items.0.quantity', ErrorCode.validationPrecision],
    ]);
    expect(fields({ line_items: [{ description: 'A', quantity: '1', unit_price: '10000000.01' }] })).toEqual([
      ['line_items.0.unit_price', ErrorCode.validationMaximum],
    ]);
  });

  it('checks the dates, the status and the total', () => {
    expect(fields({ received_date: '2026-11-24' })).toEqual([['received_date', ErrorCode.merchantInvoiceReceivedInFuture]]);
    expect(fields({ due_date: '2026-11-19' })).toEqual([['due_date', ErrorCode.merchantInvoiceDueBeforeReceived]]);
    expect(fields({ due_date: '2026-02-30' })).toEqual([['due_date', ErrorCode.validationFormat]]);
    expect(fields({ status: 'Paid' })).toEqual([['status', ErrorCode.validationEnum]]);
    expect(fields({ tax: '0', line_items: [{ description: 'Free', quantity: '1', unit_price: '0' }] })).toEqual([
      ['line_items', ErrorCode.merchantInvoiceTotalNotPositive],
    ]);
    expect(fields({ invoice_id: 'has space' })).toEqual([['invoice_id', ErrorCode.validationPattern]]);
  });

  it('asks an adjustment reason when an edit changes a billed total', () => {
    expect(fields({}, { billedTotalMinor: 500 })).toEqual([['adjustment_reason', ErrorCode.fieldRequired]]);
    expect(fields({ adjustment_reason: 'Price corrected' }, { billedTotalMinor: 500 })).toEqual([]);
    expect(fields({}, { billedTotalMinor: 11678 })).toEqual([]);
    expect(fields({}, { billedTotalMinor: 0 })).toEqual([]);
  });

  it('keeps a billed invoice billed: its own status, never back to pending (issue 26)', () => {
    for (const status of ['Billed', 'Past Due', 'Adjusted', 'On hold'])
      expect(fields({ status }, { billedTotalMinor: 11678 }), status).toEqual([]);
    expect(fields({ status: 'Pending', due_date: undefined }, { billedTotalMinor: 11678 })).toEqual([['status', ErrorCode.validationEnum]]);
    // Not billed yet (or new): a new invoice's statuses only.
    expect(fields({ status: 'Adjusted' }, { billedTotalMinor: 0 })).toEqual([['status', ErrorCode.validationEnum]]);
    expect(fields({ status: 'Adjusted' })).toEqual([['status', ErrorCode.validationEnum]]);
  });
});

describe('isEditableStatus', () => {
  it('locks paid, paying, disputed and terminated invoices', () => {
    expect(['Paid', 'Payment Pending', 'Disputed', 'Terminated'].map(isEditableStatus)).toEqual([false, false, false, false]);
    expect(['Billed', 'Past Due', 'Pending', 'Unbilled', 'On hold', 'Adjusted'].map(isEditableStatus)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});
