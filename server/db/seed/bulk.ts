import { sql } from 'kysely';
import { at, type Writer } from './util.ts';

export interface SeriesInvoices {
  customer: string;
  merchant: string;
  currency: string;
  /** trx_id = trxPrefix + zero-padded series number, e.g. 'T-1004-' → 'T-1004-00001'. */
  trxPrefix: string;
  /** invoice_id = invoicePrefix + zero-padded series number, e.g. 'INV-4' → 'INV-400001'. */
  invoicePrefix: string;
  /** Minimum digits of the padded series number (longer numbers are never truncated). */
  digits: number;
  /** First and last series number, inclusive. */
  from: number;
  to: number;
  /** Anchor of the relative due dates. */
  today: string;
}

/**
 * Inserts invoices `from`..`to` in ONE set-based statement over generate_series. Everything
 * derives from the series number n, so the same arguments always give the same rows:
 * - due date = today + ((37 n) mod 180) - 140, so from 140 days past due to 39 days ahead;
 * - status from k = (11 n + n / 180) mod 20 and whether the due date has passed
 *   (past: mostly Past Due, also Paid, Disputed, On hold, Adjusted, Terminated;
 *    not past: mostly Billed, also Paid, Pending, Unbilled, Disputed, On hold, Adjusted — never Payment
 *    Pending, which needs a payment behind it: see seedBankingAndPayments);
 * - received date = due date - 30 days, but never later than yesterday;
 * - subtotal 20.00..599.99, tax 8 %, a 15.00 late fee on Past Due invoices over 30 days late;
 * - dues follow the status: open statuses are current due until the due date, then past due.
 */
export async function insertSeriesInvoices(db: Writer, p: SeriesInvoices): Promise<number> {
  if (p.to < p.from) return 0;
  const updatedAt = at(p.today, 12);
  const result = await sql`
    insert into invoices (
      trx_id, invoice_id, buid_customer, buid_location, buid_merchant, po_number, status,
      eligible_for_dispute, due_date, received_date, currency, billed_total_minor, disputed_total_minor,
      invoice_total_minor, subtotal_minor, tax_minor, late_fee_minor, current_due_minor, past_due_minor,
      amount_minor, product, adjustment_reason, notes, merchant_original_invoice, updated_at)
    select
      ${p.trxPrefix}::text || lpad(n::text, greatest(${p.digits}::int, length(n::text)), '0'),
      ${p.invoicePrefix}::text || lpad(n::text, greatest(${p.digits}::int, length(n::text)), '0'),
      ${p.customer}::text, null, ${p.merchant}::text,
      'PO-' || (1000 + (n * 7) % 9000)::text,
      status,
      status <> 'Terminated',
      due_date, least(due_date - 30, ${p.today}::date - 1), ${p.currency}::text,
      case when status in ('Pending', 'Unbilled') then 0 else total end,
      case when status = 'Disputed' then total else 0 end,
      total, subtotal, tax, late_fee,
      case when status in ('Billed', 'Payment Pending', 'Disputed', 'On hold', 'Adjusted') and not past then total else 0 end,
      case when status in ('Past Due', 'Payment Pending', 'Disputed', 'On hold', 'Adjusted') and past then total else 0 end,
      total, product,
      case when status = 'Adjusted' then 'Price correction per contract' end,
      null, null, ${updatedAt}::timestamptz
    from (
      select n, due_date, past, status, subtotal, tax, late_fee, product, subtotal + tax + late_fee as total
      from (
        select n, due_date, past, status, subtotal, product,
          subtotal * 8 / 100 as tax,
          case when status = 'Past Due' and d < -30 then 1500::bigint else 0::bigint end as late_fee
        from (
          select n, d, ${p.today}::date + d as due_date, d < 0 as past,
            2000 + (n * 7919) % 58000 as subtotal,
            (array['Diesel', 'Tyres', 'Service', 'AdBlue'])[1 + (n % 4)::int] as product,
            case when d < 0 then
              case when k <= 10 then 'Past Due' when k <= 14 then 'Paid' when k = 15 then 'Disputed'
                   when k = 16 then 'On hold' when k = 17 then 'Adjusted' when k = 18 then 'Terminated' else 'Paid' end
            else
              case when k <= 11 then 'Billed' when k = 12 then 'Paid' when k = 13 then 'Pending'
                   when k = 14 then 'Billed' when k = 15 then 'Unbilled' when k = 16 then 'Disputed'
                   when k = 17 then 'On hold' when k = 18 then 'Adjusted' else 'Billed' end
            end as status
          from (
            select n, ((n * 37) % 180 - 140)::int as d, (n * 11 + n / 180) % 20 as k
            from generate_series(${p.from}::bigint, ${p.to}::bigint) as series(n)
          ) as numbered
        ) as classified
      ) as priced
    ) as totals
  `.execute(db);
  return Number(result.numAffectedRows ?? BigInt(p.to - p.from + 1));
}
