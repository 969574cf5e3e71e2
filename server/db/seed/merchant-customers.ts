import { sql } from 'kysely';
import type { Writer } from './util.ts';

/**
 * The demo's trade-credit relationships: a merchant may invoice the customers it already
 * bills (M-2001 the US, EUR and program customers, M-2002 its Canadian ones), as migration
 * 010 derives them for an existing database.
 */
export async function seedMerchantCustomers(db: Writer): Promise<void> {
  await sql`insert into merchant_customers (buid_merchant, buid_customer)
    select distinct buid_merchant, buid_customer from invoices
    on conflict do nothing`.execute(db);
}
