import { sql } from 'kysely';
import {
  AGEING_BUCKETS,
  creditAvailableMinor,
  CREDIT_USED_STATUSES,
  exposureBucketRule,
  IN_PAYMENT_STATUSES,
  percentUsed,
  UNBILLED_STATUSES,
  type AgeingBucket,
} from '../../domain/exposure.ts';
import type { Database } from '../db/database.ts';
import { exposureBucketCondition } from './exposure-buckets.ts';

export interface Exposure {
  buid_customer: string;
  currency: string;
  past_due_total: number;
  current_due_amount: number;
  unbilled_invoice: number;
  unpaid_invoice: number;
  late_fee: number;
  past_due_count: number;
  current_due_count: number;
  /** Credit-line figures; null when the customer has no credit line in the currency shown. */
  credit_limit: number | null;
  active_authorisation: number | null;
  credit_available: number | null;
  percent_used: number | null;
  ageing: Record<AgeingBucket, { amount_minor: number; count: number }>;
}

type Group = AgeingBucket | 'unbilled' | 'in_payment';
/** `shown`: the invoice is at one of the locations asked for (always, when none was asked for). */
interface GroupRow {
  buid_customer: string;
  currency: string;
  grp: Group;
  shown: boolean;
  count: number;
  balance: number;
  amount: number;
  late_fee: number;
}

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.val(value)));

/**
 * Each open invoice's group in one CASE: not billed yet, being paid, else its ageing bucket, each
 * by the bucket rules of domain/exposure.ts (the same conditions filter[exposure_bucket] of
 * GET /invoices applies, so every figure equals the list behind its link).
 */
function groupOf(today: string) {
  const whens = (['unbilled', ...AGEING_BUCKETS] as const).map(
    (bucket) => sql`when ${exposureBucketCondition(exposureBucketRule(bucket, today), 'i')} then ${bucket}`,
  );
  return sql`case when i.status in (${list(IN_PAYMENT_STATUSES)}) then 'in_payment' ${sql.join(whens, sql` `)} end`;
}

/**
 * spec §3 Exposure, computed at query time from the invoices and the credit line, so a payment
 * or a status change shows at once; the rules are those of domain/exposure.ts.
 * One pass over the customers' open and unbilled invoices, grouped by customer and bucket
 * (a handful of groups), which keeps a customer with a million invoices to a single scan
 * with one CASE per row. Invoices count in the currency shown: `currency` when given
 * (filter[sol_currency]), else the credit line's (else the customer's); no conversion.
 * `locations` (filter[buid_location], issue 13 item 7) narrows the invoice figures (due, unbilled,
 * late fee, counts, ageing) to invoices of those locations; the credit line is the customer's, so
 * credit used, held and available and the percent used stay the whole customer's.
 * `everyCurrency` (the program overview, issue 26 item 2): besides each customer's row in the
 * currency shown, a row for every other currency the customer has open or unbilled invoices in
 * (after it, by code), without credit-line figures, so no invoice is left out of the roll-up.
 */
export async function loadExposures(
  db: Database,
  customers: readonly string[],
  today: string,
  currency?: string,
  locations?: readonly string[],
  everyCurrency = false,
): Promise<Exposure[]> {
  if (customers.length === 0) return [];
  const lines = await db
    .selectFrom('customers')
    .leftJoin('credit_lines', 'credit_lines.buid_customer', 'customers.buid_customer')
    .select([
      'customers.buid_customer',
      'customers.currency',
      'credit_lines.currency as credit_currency',
      'credit_lines.credit_limit_minor',
      'credit_lines.active_authorisation_minor',
    ])
    .where('customers.buid_customer', 'in', [...customers])
    .orderBy('customers.buid_customer')
    .execute();
  if (lines.length === 0) return [];
  const shown = new Map(lines.map((line) => [line.buid_customer, (currency ?? line.credit_currency ?? line.currency).trim()]));
  const every = everyCurrency && currency === undefined;
  const { rows } = await sql<GroupRow>`
    select i.buid_customer, trim(i.currency) as currency, ${groupOf(today)} as grp,
      ${locations ? sql`coalesce(i.buid_location in (${list(locations.length ? locations : [''])}), false)` : sql`true`} as shown,
      count(*)::int as count,
      sum(i.current_due_minor + i.past_due_minor)::bigint as balance,
      sum(i.amount_minor)::bigint as amount, sum(i.late_fee_minor)::bigint as late_fee
    from invoices i
    where i.buid_customer in (${list([...shown.keys()])})
      and i.status in (${list([...CREDIT_USED_STATUSES, ...UNBILLED_STATUSES])})
      ${
        every
          ? sql``
          : sql`and (${sql.join(
              [...shown].map(([customer, code]) => sql`(i.buid_customer = ${customer} and i.currency = ${code})`),
              sql` or `,
            )})`
      }
    group by 1, 2, 3, 4
  `.execute(db);

  // The currency shown first, then the customer's other currencies with invoices (everyCurrency only).
  const rowsOf = lines.flatMap((line) => {
    const first = shown.get(line.buid_customer)!;
    const others = [
      ...new Set(rows.filter((row) => row.buid_customer === line.buid_customer && row.currency !== first).map((row) => row.currency)),
    ].sort();
    return [first, ...others].map((code) => ({ line, code }));
  });
  return rowsOf.map(({ line, code }) => {
    const customerGroups = rows.filter((row) => row.buid_customer === line.buid_customer && row.currency === code);
    const groups = customerGroups.filter((row) => row.shown);
    const sumOf = (of: GroupRow[], name: Group, field: 'count' | 'balance' | 'amount') =>
      of.filter((row) => row.grp === name).reduce((total, row) => total + Number(row[field]), 0);
    const ageing = Object.fromEntries(
      AGEING_BUCKETS.map((bucket) => [
        bucket,
        {
          amount_minor: sumOf(groups, bucket, 'balance'),
          count: sumOf(groups, bucket, 'count'),
        },
      ]),
    ) as Exposure['ageing'];
    const past = AGEING_BUCKETS.filter((bucket) => bucket !== 'current');
    // Credit used: what is due, and what is being paid but has not settled, over the whole customer
    // (at every location: the credit line is the customer's).
    const unpaid = [...AGEING_BUCKETS, 'in_payment' as const].reduce((total, name) => total + sumOf(customerGroups, name, 'balance'), 0);
    const shownCurrency = code;
    const hasLine = line.credit_limit_minor !== null && line.credit_currency?.trim() === shownCurrency;
    const limit = hasLine ? Number(line.credit_limit_minor) : null;
    const authorised = hasLine ? Number(line.active_authorisation_minor ?? 0) : null;
    return {
      buid_customer: line.buid_customer,
      currency: shownCurrency,
      past_due_total: past.reduce((total, bucket) => total + ageing[bucket].amount_minor, 0),
      current_due_amount: ageing.current.amount_minor,
      unbilled_invoice: sumOf(groups, 'unbilled', 'amount'),
      unpaid_invoice: unpaid,
      late_fee: groups.filter((row) => row.grp !== 'unbilled').reduce((total, row) => total + Number(row.late_fee), 0),
      past_due_count: past.reduce((total, bucket) => total + ageing[bucket].count, 0),
      current_due_count: ageing.current.count,
      credit_limit: limit,
      active_authorisation: authorised,
      credit_available: limit === null || authorised === null ? null : creditAvailableMinor(limit, unpaid, authorised),
      percent_used: limit === null || authorised === null ? null : percentUsed(unpaid + authorised, limit),
      ageing,
    };
  });
}
