import { sql, type Kysely } from 'kysely';

/**
 * Issue 26. Sub-accounts: a customer account may sit under a parent account (spec §2 "Sub-accounts");
 * each keeps its own invoices and credit line, and the parent's screen rolls them up. One level of
 * the tree is a column, not a table: an account has at most one parent.
 *
 * Currency management: the user's default currency (spec §3 selectedCurrency, §9 "default USD, else
 * the first") is kept with the user, so it holds across sessions and browsers. Null: the spec's rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column parent_customer text references customers(buid_customer)`.execute(db);
  await sql`alter table customers add constraint customers_parent_not_self check (parent_customer is null or parent_customer <> buid_customer)`.execute(
    db,
  );
  await sql`create index customers_parent_customer on customers (parent_customer) where parent_customer is not null`.execute(db);
  await sql`alter table users add column default_currency char(3) references currencies(code)`.execute(db);
}
