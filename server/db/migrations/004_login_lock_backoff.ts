import { sql, type Kysely } from 'kysely';

/**
 * Issue 12: the failed-sign-in lock becomes temporary with a growing back-off. It is kept apart
 * from lock_state (the lasting states of spec §4, which end live sessions and need a person or a
 * reset): `login_locked_until` pauses password sign-in until then and ends by itself; `login_locks`
 * counts such pauses in a row, so each lasts longer than the one before.
 * Rows already in lock_state exceeded_login_attempts keep it: a migration does not unlock accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column login_locked_until timestamptz, add column login_locks integer not null default 0
  `.execute(db);
}
