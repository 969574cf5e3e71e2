import { sql, type Kysely } from 'kysely';

/**
 * Dealer invoicing (issue 15): which customers a merchant may invoice (its trade-credit
 * relationships; existing databases take them from the invoices already issued), who created
 * an invoice in the portal, and the sequence that numbers the new invoices' transaction ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table merchant_customers (
      buid_merchant text not null references merchants(buid_merchant),
      buid_customer text not null references customers(buid_customer),
      primary key (buid_merchant, buid_customer)
    );
    insert into merchant_customers (buid_merchant, buid_customer)
      select distinct buid_merchant, buid_customer from invoices;
    alter table invoices add column created_by bigint references users(user_id);
    create sequence merchant_invoice_trx_seq;
    create index invoices_merchant_invoice_id on invoices(buid_merchant, invoice_id);
  `.execute(db);
}
