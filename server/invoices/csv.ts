import type { InvoiceRow } from './serialize.ts';

/** The invoice columns the CSV shows; the export reads only these (fewer bytes and parsers per row). */
export const CSV_INVOICE_COLUMNS = [
  'invoice_id', 'trx_id', 'po_number', 'status', 'due_date', 'received_date', 'amount_minor', 'invoice_total_minor',
  'subtotal_minor', 'tax_minor', 'late_fee_minor', 'current_due_minor', 'past_due_minor', 'currency', 'product',
  'buid_customer', 'eligible_for_dispute', 'notes',
] as const;
export type CsvRow = Pick<InvoiceRow, (typeof CSV_INVOICE_COLUMNS)[number] | 'merchant_name'>;

/**
 * CSV of invoices (spec §7 implied "CSV ... download"). Text cells that a spreadsheet would run
 * as a formula (= + - @, and tab or carriage return, OWASP "CSV injection") get a leading
 * single quote; cells with a comma, quote or line break are quoted with quotes doubled.
 */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** spec §9: currency is formatted with two decimals; minor units → "1234.50", "-0.05". */
export function decimalCell(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Column headers are the API's field names: language-neutral and stable for spreadsheets and imports. */
const COLUMNS: ReadonlyArray<readonly [string, (row: CsvRow) => string]> = [
  ['invoice_id', (row) => textCell(row.invoice_id)],
  ['trx_id', (row) => textCell(row.trx_id)],
  ['po_number', (row) => textCell(row.po_number)],
  ['status', (row) => textCell(row.status)],
  ['due_date', (row) => textCell(row.due_date)],
  ['received_date', (row) => textCell(row.received_date)],
  ['amount', (row) => decimalCell(row.amount_minor)],
  ['invoice_total', (row) => decimalCell(row.invoice_total_minor)],
  ['subtotal', (row) => decimalCell(row.subtotal_minor)],
  ['tax', (row) => decimalCell(row.tax_minor)],
  ['late_fee', (row) => decimalCell(row.late_fee_minor)],
  ['current_due', (row) => decimalCell(row.current_due_minor)],
  ['past_due', (row) => decimalCell(row.past_due_minor)],
  ['currency', (row) => textCell(row.currency)],
  ['product', (row) => textCell(row.product)],
  ['merchant_name', (row) => textCell(row.merchant_name)],
  ['buid_customer', (row) => textCell(row.buid_customer)],
  ['eligible_for_dispute', (row) => (row.eligible_for_dispute ? 'Y' : 'N')],
  ['notes', (row) => textCell(row.notes)],
];

export const CSV_HEADER = `${COLUMNS.map(([name]) => name).join(',')}\r\n`;

export function csvLine(row: CsvRow): string {
  return `${COLUMNS.map(([, cell]) => cell(row)).join(',')}\r\n`;
}
