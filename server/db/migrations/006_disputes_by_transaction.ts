import { sql, type Kysely } from 'kysely';

/**
 * Every invoice row now says whether it may be disputed (issue 13 item 2), which asks "is there an
 * open dispute on this transaction?" once per listed row: an index keeps that a lookup, not a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index disputes_transaction on disputes(trx_id, status)`.execute(db);
}
