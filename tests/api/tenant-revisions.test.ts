/**
 * Tenants in the database (issue 22): tenants/*.json are imported as revisions once and again
 * only when a file changes, a publish is checked like a file and refused whole, and two app
 * instances on one database (as two processes would be) serve a publish made through either
 * within seconds: by the change feed, after a lost listener's resync, or by the version check.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../../domain/tenant.ts';
import type { BackgroundLog } from '../../server/background-log.ts';
import type { ChangeFeed } from '../../server/db/change-feed.ts';
import { readTenantFiles } from '../../server/tenants/files.ts';
import { importTenantFiles, publishTenantRevision, TENANTS_CHANNEL } from '../../server/tenants/revisions.ts';
import { TenantStore } from '../../server/tenants/store.ts';
import { publishedTenantStore, TenantSync } from '../../server/tenants/sync.ts';
import { TenantDocumentError } from '../../server/tenants/validate.ts';
import { startTestApi, type TestApi } from '../support/api.ts';

const databaseUrl = process.env.DATABASE_URL;
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });
/** A feed that announces nothing, for syncs that must find changes by themselves. */
const deaf: ChangeFeed = { publish: async () => {}, subscribe: () => () => {}, close: async () => {} };
const demoFile = (): Tenant => JSON.parse(readFileSync('tenants/demo.json', 'utf8')) as Tenant;

let first: TestApi;
let second: TestApi;
beforeAll(async () => {
  // The version check is off, so what reaches the second instance comes through the change feed.
  first = await startTestApi({ tenantSync: { intervalMs: 0 } });
  second = await startTestApi({ tenantSync: { intervalMs: 0 }, sharedWith: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function revisions(tenantId = 'demo') {
  return first.db
    .selectFrom('tenant_revisions')
    .select(['revision', 'source', 'note'])
    .where('tenant_id', '=', tenantId)
    .orderBy('revision')
    .execute();
}

async function publishedConfig(api: TestApi, host = 'localhost') {
  const response = await api.client(host).get('/config');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { attributes: { title: string; limits: { cardFeeMinor: number } } } }).data.attributes;
}

/** The current demo document with `change` applied, as an operator would publish it. */
function demoWith(change: (tenant: Tenant) => void): Tenant {
  const tenant = structuredClone(first.tenants.byId('demo')!);
  change(tenant);
  return tenant;
}

/** The tenant files in a directory of the test's own, so it can edit them. */
function copyOfTenantFiles(): string {
  const directory = mkdtempSync(join(tmpdir(), 'tenants-'));
  cpSync('tenants', directory, { recursive: true });
  return directory;
}

describe('tenant revisions', () => {
  it('imports each tenant file once, however many instances start', async () => {
    expect(await revisions('demo')).toEqual([{ revision: 1, source: 'file', note: 'imported from tenants/demo.json' }]);
    expect(await revisions('fleet')).toEqual([{ revision: 1, source: 'file', note: 'imported from tenants/fleet.json' }]);
    expect(second.tenants.byId('demo')).toEqual(demoFile());
  });

  it('imports a changed file as one new revision, and an unchanged one not at all', async () => {
    const directory = copyOfTenantFiles();
    expect(await importTenantFiles(first.db, first.feed!, readTenantFiles(directory))).toEqual([]);
    const edited = demoFile();
    edited.title = 'Edited on disk';
    writeFileSync(join(directory, 'demo.json'), JSON.stringify(edited, null, 2));
    expect(await importTenantFiles(first.db, first.feed!, readTenantFiles(directory))).toEqual([{ tenantId: 'demo', revision: 2 }]);
    expect(await importTenantFiles(first.db, first.feed!, readTenantFiles(directory))).toEqual([]);
    expect((await revisions('fleet')).length).toBe(1);
    await waitFor(async () => expect((await publishedConfig(second)).title).toBe('Edited on disk'));
  });

  it("leaves an operator's revision in force while the file stays as it was imported", async () => {
    const directory = copyOfTenantFiles();
    const edited = demoFile();
    edited.title = 'Edited on disk';
    writeFileSync(join(directory, 'demo.json'), JSON.stringify(edited, null, 2));
    await publishTenantRevision(
      first.db,
      first.feed!,
      'demo',
      demoWith((tenant) => {
        tenant.title = 'Operator title';
      }),
      { source: 'operator', note: 'rename', createdBy: 'operator@example.com' },
    );
    expect(await importTenantFiles(first.db, first.feed!, readTenantFiles(directory))).toEqual([]);
    await waitFor(async () => expect((await publishedConfig(second)).title).toBe('Operator title'));
  });

  it('refuses an invalid document naming the pointer, and writes nothing', async () => {
    const before = await revisions();
    const invalid = demoWith((tenant) => {
      (tenant.limits as { cardFeeMinor: unknown }).cardFeeMinor = 'free';
    });
    await expect(publishTenantRevision(first.db, first.feed!, 'demo', invalid, { source: 'operator' })).rejects.toThrow(
      /^tenant demo: \/limits\/cardFeeMinor must be integer$/,
    );
    const takenHost = structuredClone(first.tenants.byId('fleet')!);
    takenHost.hosts = ['fleet.localhost', 'localhost'];
    const refusal = await publishTenantRevision(first.db, first.feed!, 'fleet', takenHost, { source: 'operator' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(TenantDocumentError);
    expect((refusal as TenantDocumentError).problems).toEqual(['/hosts/1 localhost is already a host of tenant demo']);
    await expect(
      publishTenantRevision(
        first.db,
        first.feed!,
        'other',
        demoWith(() => {}),
        { source: 'operator' },
      ),
    ).rejects.toThrow('tenant other: /id must be other');
    await expect(
      publishTenantRevision(
        first.db,
        first.feed!,
        'demo',
        demoWith((tenant) => {
          tenant.limits.password.minLength = tenant.limits.password.maxLength + 1;
        }),
        { source: 'operator' },
      ),
    ).rejects.toThrow('/limits/password/minLength must not exceed maxLength');
    // The seeded SSO group chose the local provider: a revision without it would lock its members out.
    await expect(
      publishTenantRevision(
        first.db,
        first.feed!,
        'demo',
        demoWith((tenant) => {
          tenant.identityProviders = [];
        }),
        { source: 'operator' },
      ),
    ).rejects.toThrow('/identityProviders: demo-idp is chosen by a group of the tenant');
    expect(await revisions()).toEqual(before);
    expect((await revisions('fleet')).length).toBe(1);
  });

  it('serves a publish through one instance from the other within seconds', async () => {
    await publishTenantRevision(
      first.db,
      first.feed!,
      'demo',
      demoWith((tenant) => {
        tenant.title = 'Published through the first';
        tenant.limits.cardFeeMinor = 350;
      }),
      { source: 'operator', note: 'card fee $2.95 → $3.50' },
    );
    for (const api of [second, first]) {
      await waitFor(async () =>
        expect(await publishedConfig(api)).toMatchObject({ title: 'Published through the first', limits: { cardFeeMinor: 350 } }),
      );
    }
    // A rollback is the older document published again, as a new revision.
    await publishTenantRevision(second.db, second.feed!, 'demo', demoFile(), { source: 'operator', note: 'roll back to revision 1' });
    await waitFor(async () =>
      expect(await publishedConfig(first)).toMatchObject({ title: demoFile().title, limits: { cardFeeMinor: 295 } }),
    );
    expect((await revisions()).map((revision) => revision.source)).toEqual(['file', 'file', 'operator', 'operator', 'operator']);
  });

  it.runIf(databaseUrl)('picks up a publish made while its listener was cut off, when the listener resyncs', async () => {
    const resyncs = countResyncs(second.feed!);
    await waitFor(() => expect(resyncs.count).toBe(1));
    const { rows } = await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${second.feedApplicationName}`.execute(first.db);
    expect(rows.length).toBe(1);
    await publishTenantRevision(
      first.db,
      first.feed!,
      'demo',
      demoWith((tenant) => {
        tenant.title = 'Published during the outage';
      }),
      { source: 'operator' },
    );
    await waitFor(async () => expect((await publishedConfig(second)).title).toBe('Published during the outage'));
    await waitFor(() => expect(resyncs.count).toBe(2));
    resyncs.stop();
  });

  it('picks up a publish the feed never announced at the next version check', async () => {
    const store = await publishedTenantStore(first.db);
    const sync = new TenantSync({ db: first.db, feed: deaf, store, intervalMs: 100 });
    await sync.start();
    try {
      await publishTenantRevision(
        first.db,
        first.feed!,
        'fleet',
        { ...structuredClone(first.tenants.byId('fleet')!), title: 'Checked by version' },
        { source: 'operator' },
      );
      await waitFor(() => expect(store.byId('fleet')!.title).toBe('Checked by version'));
    } finally {
      await sync.close();
    }
  });

  it('keeps the last good configuration when a reload fails, and never crashes', async () => {
    let databaseAway = false;
    // The same database, but every query fails while databaseAway is set, as when the server is down.
    const flaky = first.db.withPlugin({
      transformQuery: (args) => {
        if (databaseAway) throw new Error('connect ECONNREFUSED');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const warnings: string[] = [];
    const log: BackgroundLog = { warn: (_details, message) => warnings.push(message), info: () => {} };
    const store = await publishedTenantStore(flaky);
    const sync = new TenantSync({ db: flaky, feed: deaf, store, intervalMs: 0, log });
    await sync.start();
    const before = store.tenants;
    // A revision today's checks refuse (as one written by older code could be) is not served;
    // the row is the test's own and goes again, so the instances above never read it.
    await first.db
      .insertInto('tenant_revisions')
      .values({ tenant_id: 'broken', revision: 1, document: JSON.stringify({ id: 'broken' }), source: 'operator' })
      .execute();
    try {
      await sync.reload();
    } finally {
      await first.db.deleteFrom('tenant_revisions').where('tenant_id', '=', 'broken').execute();
    }
    expect(warnings).toEqual(['tenant reload failed; keeping the last good tenant configuration']);
    databaseAway = true;
    await sync.reload();
    expect(warnings.length).toBe(2);
    expect(store.tenants).toBe(before);
    await sync.close();
  });

  it('replaces a store as a whole, or not at all when two tenants would share a host', () => {
    const store = new TenantStore([demoFile()]);
    const renamed = { ...demoFile(), title: 'Renamed', hosts: ['renamed.localhost'] };
    store.replace([renamed]);
    expect(store.forHost('renamed.localhost:8080')?.title).toBe('Renamed');
    expect(store.forHost('localhost')).toBeUndefined();
    expect(() => store.replace([renamed, { ...renamed, id: 'twin' }])).toThrow('Host renamed.localhost belongs to two tenants');
    expect(store.tenants).toEqual([renamed]);
  });
});

function countResyncs(feed: ChangeFeed) {
  const counter = { count: 0, stop: () => {} };
  counter.stop = feed.subscribe(TENANTS_CHANNEL, {
    onMessage: () => {},
    onResync: () => {
      counter.count += 1;
    },
  });
  return counter;
}
