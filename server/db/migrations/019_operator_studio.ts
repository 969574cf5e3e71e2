import { sql, type Kysely } from 'kysely';

/**
 * The operator studio (issue 24): operators are not portal users. They have their own accounts
 * (argon2id, the portal's counters of failed sign-ins and pauses), their own sessions (another
 * cookie; a portal session opens nothing of the studio and the other way round), and work on the
 * tenants granted to them. A change is a draft (a whole tenant document on top of the revision it
 * started from); publishing one adds a tenant revision. Every step of an operator goes to the
 * studio's audit log with the documents before and after: operators are not in `users`, so the
 * portal's audit_log (user_id) cannot name them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table operators (
    operator_id serial primary key,
    username text not null unique,
    display_name text not null,
    role text not null check (role in ('editor', 'publisher', 'auditor')),
    password_hash text not null,
    disabled boolean not null default false,
    failed_logins int not null default 0,
    login_locks int not null default 0,
    login_locked_until timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table operator_tenants (
    operator_id int not null references operators(operator_id) on delete cascade,
    tenant_id text not null,
    primary key (operator_id, tenant_id)
  )`.execute(db);
  await sql`create table operator_sessions (
    id_hash text primary key,
    operator_id int not null references operators(operator_id) on delete cascade,
    csrf_token text not null,
    created_at timestamptz not null,
    last_seen_at timestamptz not null
  )`.execute(db);
  await sql`create table studio_drafts (
    draft_id serial primary key,
    tenant_id text not null,
    base_revision int not null,
    document jsonb not null,
    state text not null default 'open' check (state in ('open', 'published', 'discarded')),
    created_by int not null references operators(operator_id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index studio_drafts_tenant on studio_drafts(tenant_id, state)`.execute(db);
  await sql`create table studio_audit (
    id bigserial primary key,
    at timestamptz not null default now(),
    tenant_id text not null,
    operator_id int references operators(operator_id),
    operator_username text not null,
    action text not null,
    draft_id int,
    revision int,
    before jsonb,
    after jsonb,
    note text
  )`.execute(db);
  await sql`create index studio_audit_tenant on studio_audit(tenant_id, at)`.execute(db);
}
