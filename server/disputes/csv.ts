import { daysLeftToRespond, isExpired } from '../../domain/disputes.ts';
import { decimalCell, textCell } from '../invoices/csv.ts';
import type { DisputeRow } from './query.ts';
import { iso } from './query.ts';

/** A dispute centre download is a working list, not an archive: at most this many rows. */
export const CSV_MAX_ROWS = 10_000;

/** Headers are the API's field names (language-neutral, as the invoice CSV); text cells neutralised. */
const COLUMNS: ReadonlyArray<readonly [string, (row: DisputeRow, now: Date) => string]> = [
  ['dispute_id', (row) => String(row.dispute_id)],
  ['invoice_id', (row) => textCell(row.invoice_id)],
  ['trx_id', (row) => textCell(row.trx_id)],
  ['status', (row) => textCell(row.status)],
  ['expired', (row, now) => (isExpired(row, now) ? 'Y' : 'N')],
  ['days_left_to_respond', (row, now) => String(daysLeftToRespond(row, now) ?? '')],
  ['reason', (row) => textCell(row.dispute_reason)],
  ['description', (row) => textCell(row.description)],
  ['amount', (row) => decimalCell(row.amount_minor)],
  ['currency', (row) => textCell(row.currency)],
  ['is_chargeback', (row) => (row.is_chargeback ? 'Y' : 'N')],
  ['customer', (row) => textCell(row.customer_name)],
  ['merchant', (row) => textCell(row.merchant_name)],
  ['created_at', (row) => textCell(iso(row.created_at))],
  ['response_due_at', (row) => textCell(iso(row.response_due_at))],
  ['response_date', (row) => textCell(iso(row.response_date))],
];

export function disputesCsv(rows: readonly DisputeRow[], now: Date): string {
  const lines = [COLUMNS.map(([name]) => name).join(',')];
  for (const row of rows) lines.push(COLUMNS.map(([, cell]) => cell(row, now)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
