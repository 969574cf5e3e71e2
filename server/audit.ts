import type { Database } from './db/database.ts';

export interface AuditEntry {
  tenantId: string;
  userId: number | null;
  action: string;
  entity: string;
  entityId: string;
  detail?: Record<string, unknown>;
  /** When it happened by the server's clock (rules that count recent entries need it); else the database's now(). */
  at?: Date;
}

/** Appends to the audit log; pass the transaction when the change it records is in one. */
export async function audit(db: Database, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      tenant_id: entry.tenantId,
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      detail: JSON.stringify(entry.detail ?? {}),
      ...(entry.at ? { at: entry.at } : {}),
    })
    .execute();
}
