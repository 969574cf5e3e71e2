import { sql, type Kysely } from 'kysely';

/**
 * The studio's QA snapshot runs (issue 24): an operator asks for the accessibility trees of the
 * screens a draft changes, before and after, per role; a job of the job runner renders them
 * (server/studio/snapshots/job.ts) and keeps its progress and, when done, the result here, where
 * any process serving the studio reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table studio_snapshot_runs (
    run_id serial primary key,
    tenant_id text not null,
    draft_id int not null references studio_drafts(draft_id) on delete cascade,
    operator_id int references operators(operator_id) on delete set null,
    state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
    done int not null default 0,
    total int not null default 0,
    result jsonb,
    error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index studio_snapshot_runs_draft on studio_snapshot_runs(draft_id, run_id)`.execute(db);
}
