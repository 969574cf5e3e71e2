import { sql, type Kysely } from 'kysely';

/**
 * Issue 22 item 7: the per-address and per-name budgets (sign-in, recovery, SSO start, card
 * number re-entry) count in the database, so N server processes allow what one does. One row per
 * budget key (a hash: names and addresses are not kept), counting within a window that ends at
 * `window_ends`; expired rows are purged by the housekeeping job. Session rows expire too: an
 * index on their activity lets the same job find them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table request_budgets (
    key text primary key,
    count integer not null,
    window_ends timestamptz not null
  )`.execute(db);
  await sql`create index request_budgets_window_ends on request_budgets (window_ends)`.execute(db);
  await sql`create index sessions_last_seen_at on sessions (last_seen_at)`.execute(db);
}
