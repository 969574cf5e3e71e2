import { sql, type Kysely } from 'kysely';

/**
 * User administration (issue 17): a user's access level (spec §6 "viewing versus view/edit"),
 * when the last invitation went out, and a case-insensitive unique username per tenant, so
 * "Admin" and "admin" cannot both exist (spec §5 "User already exists").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users
    add column access_level text not null default 'view_edit' check (access_level in ('viewing', 'view_edit')),
    add column invited_at timestamptz`.execute(db);
  await sql`create unique index users_tenant_username_ci on users (tenant_id, lower(username))`.execute(db);
  await sql`create index users_group on users (user_group_id)`.execute(db);
}
