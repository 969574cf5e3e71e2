import { csvDecimal, stringifyCsv, type CsvValue } from '../csv/export.ts';
import type { InvoiceRow } from './serialize.ts';

/** The invoice columns the CSV shows; the export reads only these (fewer bytes and parsers per row). */
export const CSV_INVOICE_COLUMNS = [
  'invoice_id',
  'trx_id',
  'po_number',
  'status',
  'due_date',
  'received_date',
  'amount_minor',
  'invoice_total_minor',
  'subtotal_minor',
  'tax_minor',
  'late_fee_minor',
  'current_due_minor',
  'past_due_minor',
  'currency',
  'product',
  'buid_customer',
  'eligible_for_dispute',
  'notes',
] as const;
export type CsvRow = Pick<InvoiceRow, (typeof CSV_INVOICE_COLUMNS)[number] | 'merchant_name'>;

/** Column headers are the API's field names: language-neutral and stable for spreadsheets and imports (spec §7 download). */
const COLUMNS: ReadonlyArray<readonly [string, (row: CsvRow) => CsvValue]> = [
  ['invoice_id', (row) => row.invoice_id],
  ['trx_id', (row) => row.trx_id],
  ['po_number', (row) => row.po_number],
  ['status', (row) => row.status],
  ['due_date', (row) => row.due_date],
  ['received_date', (row) => row.received_date],
  ['amount', (row) => csvDecimal(row.amount_minor)],
  ['invoice_total', (row) => csvDecimal(row.invoice_total_minor)],
  ['subtotal', (row) => csvDecimal(row.subtotal_minor)],
  ['tax', (row) => csvDecimal(row.tax_minor)],
  ['late_fee', (row) => csvDecimal(row.late_fee_minor)],
  ['current_due', (row) => csvDecimal(row.current_due_minor)],
  ['past_due', (row) => csvDecimal(row.past_due_minor)],
  ['currency', (row) => row.currency],
  ['product', (row) => row.product],
  ['merchant_name', (row) => row.merchant_name],
  ['buid_customer', (row) => row.buid_customer],
  ['eligible_for_dispute', (row) => Boolean(row.eligible_for_dispute)],
  ['notes', (row) => row.notes],
];
const NAMES = COLUMNS.map(([name]) => name);

/** A part of the invoice download: the header with the first rows, then rows alone (it is streamed). */
export function invoicesCsv(rows: readonly CsvRow[], { header }: { header: boolean }): string {
  return stringifyCsv(
    NAMES,
    rows.map((row) => Object.fromEntries(COLUMNS.map(([name, cell]) => [name, cell(row)]))),
    { header },
  );
}
