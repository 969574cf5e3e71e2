import { percentUsed } from '../../domain/exposure.ts';
import { integer, strictObject, text } from '../http/api-schema.ts';
import type { Exposure } from './exposure-query.ts';

/** The figures of one currency over several customers (meta.totals of GET /exposures). */
export interface ExposureTotal {
  currency: string;
  customer_count: number;
  /** The customers summed, comma separated: the totals' tiles link to the list of exactly these (filter[buid_customer]). */
  customer_ids: string;
  past_due_total: number;
  past_due_count: number;
  current_due_amount: number;
  current_due_count: number;
  unbilled_invoice: number;
  unpaid_invoice: number;
  late_fee: number;
  /** Credit-line figures over the customers that have a line in this currency; null when none has. */
  credit_limit: number | null;
  active_authorisation: number | null;
  credit_available: number | null;
  percent_used: number | null;
}

const money = integer;
const nullableNumber = { type: ['number', 'null'] } as const;
/** The figures both an exposure and a currency's total carry. */
export const exposureFigures = {
  past_due_total: money,
  past_due_count: integer,
  current_due_amount: money,
  current_due_count: integer,
  unbilled_invoice: money,
  unpaid_invoice: money,
  late_fee: money,
  credit_limit: { type: ['integer', 'null'] },
  active_authorisation: { type: ['integer', 'null'] },
  credit_available: { type: ['integer', 'null'] },
  percent_used: nullableNumber,
} as const;
/** meta.totals: the figures summed per currency (exposureTotals). */
export const exposureTotalsSchema = {
  type: 'array',
  items: strictObject({ currency: text, customer_count: integer, customer_ids: text, ...exposureFigures }),
} as const;
const SUMMED = [
  'past_due_total',
  'past_due_count',
  'current_due_amount',
  'current_due_count',
  'unbilled_invoice',
  'unpaid_invoice',
  'late_fee',
] as const;

/**
 * The program overview's totals: one entry per currency (amounts of different currencies are
 * never added together), in integer minor units so the sums stay exact. Available credit is
 * the sum of each customer's (each never below 0); percent used is over the lines summed.
 */
export function exposureTotals(exposures: readonly Exposure[]): ExposureTotal[] {
  const currencies = [...new Set(exposures.map((exposure) => exposure.currency))].sort();
  return currencies.map((currency) => {
    const rows = exposures.filter((exposure) => exposure.currency === currency);
    const sums = Object.fromEntries(SUMMED.map((field) => [field, rows.reduce((total, row) => total + row[field], 0)])) as Record<
      (typeof SUMMED)[number],
      number
    >;
    const lined = rows.filter((row) => row.credit_limit !== null && row.active_authorisation !== null && row.credit_available !== null);
    const sum = (pick: (row: Exposure) => number) => lined.reduce((total, row) => total + pick(row), 0);
    const limit = sum((row) => row.credit_limit!);
    const authorised = sum((row) => row.active_authorisation!);
    const hasLine = lined.length > 0;
    return {
      currency,
      customer_count: rows.length,
      customer_ids: rows.map((row) => row.buid_customer).join(','),
      ...sums,
      credit_limit: hasLine ? limit : null,
      active_authorisation: hasLine ? authorised : null,
      credit_available: hasLine ? sum((row) => row.credit_available!) : null,
      percent_used: hasLine ? percentUsed(sum((row) => row.unpaid_invoice) + authorised, limit) : null,
    };
  });
}

/** The customer id, or customer:currency for a customer's further currency rows (ids stay unique in a document). */
export function rowId(
  rows: ReadonlyArray<{ buid_customer: string }>,
  row: { buid_customer: string; currency: string },
  index: number,
): string {
  const first = rows.findIndex((other) => other.buid_customer === row.buid_customer);
  return first === index ? row.buid_customer : `${row.buid_customer}:${row.currency}`;
}
