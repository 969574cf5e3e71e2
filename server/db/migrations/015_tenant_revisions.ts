import { sql, type Kysely } from 'kysely';

/**
 * Tenants live in the database (issue 22, DESIGN.md "Operators change a tenant without a
 * rebuild"): every published configuration is a revision, the highest one is in force, and a
 * rollback publishes an older document again, so nothing is ever updated or deleted.
 * `content_hash` is the hash of the tenants/*.json bytes a 'file' revision was imported from: the
 * next start imports the file again only when it changed. `created_by` is free text (a user name,
 * an operator's identity) rather than a reference to users: operators are not portal users.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table tenant_revisions (
    tenant_id text not null,
    revision int not null check (revision > 0),
    document jsonb not null,
    source text not null check (source in ('file', 'operator')),
    note text,
    content_hash text check ((source = 'file') = (content_hash is not null)),
    created_at timestamptz not null default now(),
    created_by text,
    primary key (tenant_id, revision)
  )`.execute(db);
}
