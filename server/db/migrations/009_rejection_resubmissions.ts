import { sql, type Kysely } from 'kysely';

/**
 * The rejection centre and the dealer portal (issue 15):
 * - what a user corrected before resubmitting a rejection (the fields its reason concerns), and
 *   where the program's processing of the resubmission stands (`processing`, `completed`,
 *   `failed` with the error code the program answered);
 * - notifications aimed at one user (the "resubmission completed" notice goes to who resubmitted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rejections
    add column odometer integer,
    add column driver_id text,
    add column vehicle_id text,
    add column resubmit_comment text,
    add column resubmit_state text check (resubmit_state in ('processing', 'completed', 'failed')),
    add column resubmit_error text`.execute(db);
  await sql`alter table notifications add column user_id bigint references users (user_id) on delete cascade`.execute(db);
}
