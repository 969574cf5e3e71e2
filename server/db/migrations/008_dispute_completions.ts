import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, disputes end to end:
 * - a supporting document names its transaction and document type (spec §3 invoice document,
 *   §5 "a document type must be chosen", "only one document per transaction");
 * - a notice can be meant for one merchant's users (the other side of a dispute response);
 * - the daily expiry job records when it found a dispute past its response time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispute_documents
    add column trx_id text references invoices(trx_id),
    add column doc_type_id int references document_types(doc_type_id)`.execute(db);
  await sql`alter table notifications add column buid_merchant text references merchants(buid_merchant)`.execute(db);
  await sql`alter table disputes add column expired_at timestamptz`.execute(db);
  await sql`create index disputes_due on disputes(response_due_at) where status <> 'closed' and expired_at is null`.execute(db);
}
