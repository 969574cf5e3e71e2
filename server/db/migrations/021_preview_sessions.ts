import { sql, type Kysely } from 'kysely';

/**
 * Preview sessions (issue 24): an operator looks at the portal as one of the tenant's users, with a
 * draft applied or as published. A preview is an ordinary portal session (hashed id, CSRF token,
 * the user's row scope) flagged by the operator who started it, bound to its draft, the side shown
 * and the language; the auth hook serves the draft's configuration to it and refuses its writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions
    add column preview_operator_id int references operators(operator_id) on delete cascade,
    add column preview_draft_id int references studio_drafts(draft_id) on delete cascade,
    add column preview_language text,
    add column preview_applies_draft boolean,
    add constraint sessions_preview_whole check (
      (preview_operator_id is null and preview_draft_id is null and preview_language is null and preview_applies_draft is null)
      or (preview_operator_id is not null and preview_draft_id is not null and preview_language is not null and preview_applies_draft is not null)
    )`.execute(db);
}
