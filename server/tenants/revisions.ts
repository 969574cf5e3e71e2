/**
 * Tenant configuration in the database: each publish adds a revision, the highest revision of a
 * tenant is its published configuration, and every process hears of a publish on the change feed
 * (TenantSync reloads). Publishes take a table lock, so revision numbers and the "no host serves
 * two tenants" rule hold across processes publishing at once; readers are never blocked.
 */
import { sql, type Transaction } from 'kysely';
import type { Tenant } from '../../domain/tenant.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database } from '../db/database.ts';
import type { DB, TenantRevisionSource } from '../db/schema.ts';
import type { TenantFile } from './files.ts';
import { TenantDocumentError, validateTenantDocument } from './validate.ts';

/** Change feed channel of tenant publishes; the payload is TenantChange as JSON. */
export const TENANTS_CHANNEL = 'tenants';
export interface TenantChange {
  tenantId: string;
  revision: number;
}

export interface PublishOptions {
  source: TenantRevisionSource;
  note?: string | null;
  createdBy?: string | null;
}

export interface PublishedRevision {
  tenantId: string;
  revision: number;
  document: unknown;
}

/** The highest revision of every tenant, documents as stored. */
export async function publishedRevisions(db: Database | Transaction<DB>): Promise<PublishedRevision[]> {
  const rows = await db
    .selectFrom('tenant_revisions')
    .distinctOn('tenant_id')
    .select(['tenant_id', 'revision', 'document'])
    .orderBy('tenant_id')
    .orderBy('revision', 'desc')
    .execute();
  return rows.map((row) => ({ tenantId: row.tenant_id, revision: row.revision, document: row.document }));
}

/**
 * Changes whenever a revision is published: revisions are only ever added, so their count grows
 * with each one. Cheap enough to ask every few seconds (TenantSync's fallback for lost notifications).
 */
export async function tenantRevisionsVersion(db: Database): Promise<string> {
  const row = await db
    .selectFrom('tenant_revisions')
    .select((eb) => [eb.fn.countAll<number>().as('revisions'), eb.fn.max('created_at').as('latest')])
    .executeTakeFirstOrThrow();
  return `${Number(row.revisions)}@${row.latest ? new Date(row.latest).toISOString() : '-'}`;
}

/**
 * Publishes `document` as the next revision of `tenantId` after the same checks as a tenant file
 * (TenantDocumentError naming the JSON pointers otherwise, and nothing is written). Every process
 * hears of it once the transaction commits. `alongside` writes in the same transaction: if it
 * throws, nothing is published.
 */
export async function publishTenantRevision(
  db: Database,
  feed: ChangeFeed,
  tenantId: string,
  document: unknown,
  options: PublishOptions,
  alongside?: (trx: Transaction<DB>, change: TenantChange) => Promise<void>,
): Promise<TenantChange> {
  return db.transaction().execute(async (trx) => {
    await lockRevisions(trx);
    const where = `tenant ${tenantId}`;
    const tenant = validateTenantDocument(document, where, await publishedTenants(trx));
    if (tenant.id !== tenantId) throw new TenantDocumentError(where, [`/id must be ${tenantId}`]);
    await refuseDroppedProviders(trx, tenant, where);
    const change = await addRevision(trx, feed, tenant, { ...options, contentHash: null });
    // What must go live with the revision or not at all (the studio's audit entry, its draft's state).
    await alongside?.(trx, change);
    return change;
  });
}

/**
 * Imports each tenants/*.json (already validated by readTenantFiles) as a new revision when its
 * tenant has none yet, or when the file changed since the last revision imported from a file;
 * an operator's later revision is left in force as long as the file stays as it was. All files or
 * none: a file whose hosts clash with another published tenant stops the import, naming the file.
 */
export async function importTenantFiles(db: Database, feed: ChangeFeed, files: readonly TenantFile[]): Promise<TenantChange[]> {
  return db.transaction().execute(async (trx) => {
    await lockRevisions(trx);
    const importedHashes = await lastImportedHashes(trx);
    let published = await publishedTenants(trx);
    const imported: TenantChange[] = [];
    for (const { file, tenant, contentHash } of files) {
      if (importedHashes.get(tenant.id) === contentHash) continue;
      validateTenantDocument(tenant, file, published);
      await refuseDroppedProviders(trx, tenant, file);
      imported.push(await addRevision(trx, feed, tenant, { source: 'file', note: `imported from ${file}`, contentHash }));
      published = [...published.filter((other) => other.id !== tenant.id), tenant];
    }
    return imported;
  });
}

/**
 * A revision may not take away an identity provider a group of the tenant has chosen: its members
 * could no longer sign in (no password, no provider). The group's admin chooses another first.
 */
async function refuseDroppedProviders(trx: Transaction<DB>, tenant: Tenant, where: string): Promise<void> {
  const offered = new Set((tenant.identityProviders ?? []).map((provider) => provider.id));
  const chosen = await trx
    .selectFrom('user_groups')
    .select('identity_provider_id')
    .distinct()
    .where('tenant_id', '=', tenant.id)
    .where('identity_provider_id', 'is not', null)
    .execute();
  const dropped = chosen
    .map((row) => row.identity_provider_id ?? '')
    .filter((id) => !offered.has(id))
    .sort();
  if (dropped.length > 0) {
    throw new TenantDocumentError(
      where,
      dropped.map((id) => `/identityProviders: ${id} is chosen by a group of the tenant; choose another provider for its groups first`),
    );
  }
}

/**
 * Publishes serialise on the table (EXCLUSIVE lets reads through but no other writer), which
 * keeps revision numbers gapless and host checks true when processes publish at once.
 */
async function lockRevisions(trx: Transaction<DB>): Promise<void> {
  await sql`lock table tenant_revisions in exclusive mode`.execute(trx);
}

/** Published documents as tenants, for the host check: each passed validation when it was published. */
async function publishedTenants(trx: Transaction<DB>): Promise<Tenant[]> {
  return (await publishedRevisions(trx)).map((revision) => revision.document as Tenant);
}

async function lastImportedHashes(trx: Transaction<DB>): Promise<Map<string, string>> {
  const rows = await trx
    .selectFrom('tenant_revisions')
    .distinctOn('tenant_id')
    .select(['tenant_id', 'content_hash'])
    .where('source', '=', 'file')
    .orderBy('tenant_id')
    .orderBy('revision', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.tenant_id, row.content_hash ?? '']));
}

async function addRevision(
  trx: Transaction<DB>,
  feed: ChangeFeed,
  tenant: Tenant,
  options: PublishOptions & { contentHash: string | null },
): Promise<TenantChange> {
  const latest = await trx
    .selectFrom('tenant_revisions')
    .select((eb) => eb.fn.max('revision').as('revision'))
    .where('tenant_id', '=', tenant.id)
    .executeTakeFirst();
  const change: TenantChange = { tenantId: tenant.id, revision: (latest?.revision ?? 0) + 1 };
  await trx
    .insertInto('tenant_revisions')
    .values({
      tenant_id: tenant.id,
      revision: change.revision,
      document: JSON.stringify(tenant),
      source: options.source,
      note: options.note ?? null,
      content_hash: options.contentHash,
      created_by: options.createdBy ?? null,
    })
    .execute();
  await feed.publish(trx, TENANTS_CHANNEL, JSON.stringify(change));
  return change;
}
