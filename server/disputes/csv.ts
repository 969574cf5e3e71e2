import { daysLeftToRespond, isExpired } from '../../domain/disputes.ts';
import { csvDecimal, stringifyCsv, type CsvValue } from '../csv/export.ts';
import type { DisputeRow } from './query.ts';
import { iso } from './query.ts';

/** A dispute centre download is a working list, not an archive: at most this many rows. */
export const CSV_MAX_ROWS = 10_000;

/** Headers are the API's field names (language-neutral, as the invoice CSV); text cells neutralised. */
const COLUMNS: ReadonlyArray<readonly [string, (row: DisputeRow, now: Date) => CsvValue]> = [
  ['dispute_id', (row) => row.dispute_id],
  ['invoice_id', (row) => row.invoice_id],
  ['trx_id', (row) => row.trx_id],
  ['status', (row) => row.status],
  ['expired', (row, now) => isExpired(row, now)],
  ['days_left_to_respond', (row, now) => daysLeftToRespond(row, now)],
  ['reason', (row) => row.dispute_reason],
  ['description', (row) => row.description],
  ['amount', (row) => csvDecimal(row.amount_minor)],
  ['currency', (row) => row.currency],
  ['is_chargeback', (row) => Boolean(row.is_chargeback)],
  ['customer', (row) => row.customer_name],
  ['merchant', (row) => row.merchant_name],
  ['created_at', (row) => iso(row.created_at)],
  ['response_due_at', (row) => iso(row.response_due_at)],
  ['response_date', (row) => iso(row.response_date)],
];

export function disputesCsv(rows: readonly DisputeRow[], now: Date): string {
  return stringifyCsv(
    COLUMNS.map(([name]) => name),
    rows.map((row) => Object.fromEntries(COLUMNS.map(([name, cell]) => [name, cell(row, now)]))),
  );
}
