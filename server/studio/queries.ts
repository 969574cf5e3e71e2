import type { Transaction } from 'kysely';
import type { Tenant } from '../../domain/tenant.ts';
import type { Database } from '../db/database.ts';
import type { DB, DraftState } from '../db/schema.ts';

/** The studio's reads and writes (issue 24): drafts, the revisions of a tenant, the audit log. */

export async function operatorByName(db: Database, username: string) {
  return db.selectFrom('operators').selectAll().where('username', '=', username.trim()).executeTakeFirst();
}

export interface RevisionRow {
  revision: number;
  source: string;
  note: string | null;
  created_at: Date;
  created_by: string | null;
}

export async function latestRevision(db: Database, tenantId: string): Promise<{ revision: number; document: Tenant } | undefined> {
  const row = await db
    .selectFrom('tenant_revisions')
    .select(['revision', 'document'])
    .where('tenant_id', '=', tenantId)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { revision: row.revision, document: row.document as Tenant };
}

export async function revisionDocument(db: Database, tenantId: string, revision: number): Promise<Tenant | undefined> {
  const row = await db
    .selectFrom('tenant_revisions')
    .select('document')
    .where('tenant_id', '=', tenantId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return row?.document as Tenant | undefined;
}

export async function revisionsOf(db: Database, tenantId: string): Promise<RevisionRow[]> {
  return db
    .selectFrom('tenant_revisions')
    .select(['revision', 'source', 'note', 'created_at', 'created_by'])
    .where('tenant_id', '=', tenantId)
    .orderBy('revision', 'desc')
    .execute();
}

export interface DraftRow {
  draft_id: number;
  tenant_id: string;
  base_revision: number;
  document: unknown;
  state: DraftState;
  created_by: number;
  created_at: Date;
  updated_at: Date;
}

export async function draftById(db: Database, draftId: number): Promise<DraftRow | undefined> {
  return db.selectFrom('studio_drafts').selectAll().where('draft_id', '=', draftId).executeTakeFirst();
}

export async function openDrafts(db: Database, tenantId: string): Promise<DraftRow[]> {
  return db
    .selectFrom('studio_drafts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('state', '=', 'open')
    .orderBy('draft_id', 'desc')
    .execute();
}

export async function insertDraft(
  db: Database | Transaction<DB>,
  tenantId: string,
  baseRevision: number,
  document: unknown,
  operatorId: number,
): Promise<DraftRow> {
  return db
    .insertInto('studio_drafts')
    .values({ tenant_id: tenantId, base_revision: baseRevision, document: JSON.stringify(document), created_by: operatorId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces an open draft's document; undefined when the draft is no longer open. */
export async function replaceDraftDocument(
  db: Database | Transaction<DB>,
  draftId: number,
  document: unknown,
  at: Date,
): Promise<DraftRow | undefined> {
  return db
    .updateTable('studio_drafts')
    .set({ document: JSON.stringify(document), updated_at: at })
    .where('draft_id', '=', draftId)
    .where('state', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/** Moves an open draft to `state`; false when another request closed it first (one publish per draft). */
export async function closeDraft(
  db: Database | Transaction<DB>,
  draftId: number,
  state: DraftState,
  at: Date,
  from: DraftState = 'open',
): Promise<boolean> {
  const result = await db
    .updateTable('studio_drafts')
    .set({ state, updated_at: at })
    .where('draft_id', '=', draftId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface StudioAuditEntry {
  tenantId: string;
  operatorId: number;
  operatorUsername: string;
  action: string;
  draftId?: number | null;
  revision?: number | null;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

export async function writeStudioAudit(db: Database | Transaction<DB>, entry: StudioAuditEntry): Promise<void> {
  await db
    .insertInto('studio_audit')
    .values({
      tenant_id: entry.tenantId,
      operator_id: entry.operatorId,
      operator_username: entry.operatorUsername,
      action: entry.action,
      draft_id: entry.draftId ?? null,
      revision: entry.revision ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      note: entry.note ?? null,
    })
    .execute();
}

export async function studioAuditOf(db: Database, tenantId: string) {
  return db.selectFrom('studio_audit').selectAll().where('tenant_id', '=', tenantId).orderBy('id', 'desc').execute();
}
