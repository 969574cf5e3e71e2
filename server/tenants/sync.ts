/**
 * Keeps a process's TenantStore on the published tenant revisions (issue 22): reloads when the
 * change feed announces a publish (from any process, this one included) and after the feed
 * reconnects, and compares a cheap version every few seconds in case a notification was lost.
 * A reload that fails (database away, a revision today's code refuses) keeps the last good
 * configuration: tenants are never emptied, and the process never stops over it.
 */
import type { Tenant } from '../../domain/tenant.ts';
import { consoleLog, type BackgroundLog } from '../background-log.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database } from '../db/database.ts';
import { publishedRevisions, tenantRevisionsVersion, TENANTS_CHANNEL } from './revisions.ts';
import { TenantStore } from './store.ts';
import { TenantConfigError, validateTenantDocument } from './validate.ts';

export const DEFAULT_TENANT_SYNC_MS = 5_000;

export interface TenantSyncOptions {
  db: Database;
  feed: ChangeFeed;
  store: TenantStore;
  /** How often the version check runs (TENANT_SYNC_MS); 0 leaves changes to the feed alone. */
  intervalMs?: number;
  log?: BackgroundLog;
}

/**
 * The published tenants, checked again with today's code: a document published by an older
 * version may miss what the current schema requires, and an invalid one must never be served.
 */
export async function loadPublishedTenants(db: Database): Promise<Tenant[]> {
  const tenants = (await publishedRevisions(db)).map(({ tenantId, revision, document }) =>
    validateTenantDocument(document, `tenant ${tenantId} revision ${revision}`, []),
  );
  if (tenants.length === 0) throw new TenantConfigError('No tenant is published (tenant_revisions is empty)');
  return tenants;
}

/** A store holding the published tenants; fails (naming tenant, revision and pointer) rather than start with none. */
export async function publishedTenantStore(db: Database): Promise<TenantStore> {
  return new TenantStore(await loadPublishedTenants(db));
}

export class TenantSync {
  private readonly log: BackgroundLog;
  private version: string | undefined;
  private reloading: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private closed = false;

  constructor(private readonly options: TenantSyncOptions) {
    this.log = options.log ?? consoleLog;
  }

  /** Loads the published tenants into the store (throwing if it cannot), then follows every change. */
  async start(): Promise<void> {
    await this.load();
    this.unsubscribe = this.options.feed.subscribe(TENANTS_CHANNEL, {
      onMessage: () => void this.reload(),
      onResync: () => void this.reload(),
    });
    const intervalMs = this.options.intervalMs ?? DEFAULT_TENANT_SYNC_MS;
    if (intervalMs > 0) {
      this.timer = setInterval(() => void this.checkVersion(), intervalMs);
      this.timer.unref();
    }
  }

  /**
   * Reloads the store from the database, keeping the last good configuration on failure.
   * Calls during a reload share one more reload after it, which sees everything published before
   * they were made (a burst of publishes costs two reads, not one each).
   */
  reload(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.reloading) {
      this.queued ??= this.reloading.then(() => {
        this.queued = undefined;
        return this.reload();
      });
      return this.queued;
    }
    this.reloading = this.loadKeepingLastGood().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.reloading;
  }

  private async checkVersion(): Promise<void> {
    if (this.reloading) return;
    try {
      if ((await tenantRevisionsVersion(this.options.db)) !== this.version) await this.reload();
    } catch (error) {
      this.log.warn({ err: error }, 'tenant version check failed; keeping the current tenant configuration');
    }
  }

  private async loadKeepingLastGood(): Promise<void> {
    try {
      await this.load();
    } catch (error) {
      this.log.warn({ err: error }, 'tenant reload failed; keeping the last good tenant configuration');
    }
  }

  private async load(): Promise<void> {
    // The version is read first: a publish landing between the two reads only causes one more reload.
    const version = await tenantRevisionsVersion(this.options.db);
    const tenants = await loadPublishedTenants(this.options.db);
    if (this.closed) return;
    this.options.store.replace(tenants);
    this.version = version;
  }
}
