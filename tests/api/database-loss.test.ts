import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { MIGRATION_NAMES } from '../../server/db/migrate.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';
import { startTcpProxy, throughProxy, type TcpProxy } from '../support/tcp-proxy.ts';

/** Issue 22 item 2: losing the database is a 503 and a recovery, never a crash. */

const databaseUrl = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds or the deadline passes; returns whether it held. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

describe('health probes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers liveness and readiness to any host, without a session', async () => {
    const probe = api.client('10.0.0.7');
    const live = await probe.get('/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ meta: { status: 'live' } });
    const ready = await probe.get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ meta: { status: 'ready', pending_migrations: [] } });
  });

  it('is not ready while a migration of this build has not run', async () => {
    const last = MIGRATION_NAMES.at(-1) ?? '';
    await sql`delete from kysely_migration where name = ${last}`.execute(api.db);
    try {
      const ready = await api.client().get('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(errorCode(ready)).toBe(ErrorCode.serviceUnavailable);
      expect(ready.json().errors[0].meta).toMatchObject({ reason: 'migrations_pending', pending_migrations: [last] });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(api.db);
    }
  });
});

describe.runIf(databaseUrl)('losing the PostgreSQL connection', () => {
  let api: TestApi;
  let proxy: TcpProxy;
  let payer: ApiClient;
  const applicationName = `portal-loss-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const target = new URL(databaseUrl ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    api = await startTestApi({ database: { url: (url) => throughProxy(url, proxy), applicationName, connectTimeoutMs: 1_000 } });
    payer = api.client();
    await payer.loginWithCustomer('payer', 'C-1001');
  });
  afterAll(async () => {
    proxy.restore();
    await api.close();
    await proxy.close();
  });

  it('outlives the server terminating its idle connections, with no traffic, and serves on the next request', async () => {
    // Fill the pool with idle connections, then end them from the server side as a restart or idle time-out does.
    await Promise.all(Array.from({ length: 6 }, () => payer.get('/invoices?page[size]=5')));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
        applicationName,
      ]);
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Unheard, the pool's 'error' event would have ended this process by now.
    await sleep(300);
    const after = await payer.get('/invoices?page[size]=5');
    expect(after.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After while the database is away, and serves again by itself when it is back', async () => {
    const statuses: number[] = [];
    let running = true;
    const traffic = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (running) {
          const response = await payer.get('/invoices?page[size]=5');
          statuses.push(response.statusCode);
          if (response.statusCode === 503) {
            expect(response.headers['retry-after']).toBe('5');
            expect(errorCode(response)).toBe(ErrorCode.serviceUnavailable);
          }
          await sleep(20);
        }
      }),
    );
    await sleep(300);
    proxy.cut();
    // Mid-traffic: what was running fails, what comes next is told to come back, nothing waits forever.
    expect(await eventually(async () => (await payer.get('/invoices?page[size]=5')).statusCode === 503)).toBe(true);
    const ready = await api.client('10.0.0.8').get('/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().errors[0].meta).toMatchObject({ reason: 'database_unavailable' });
    expect((await api.client('10.0.0.8').get('/health/live')).statusCode).toBe(200);
    await sleep(1_500);

    proxy.restore();
    expect(await eventually(async () => (await payer.get('/invoices?page[size]=5')).statusCode === 200)).toBe(true);
    const recoveredAt = statuses.length;
    await sleep(500);
    running = false;
    await traffic;

    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    // Once back, no storm of failures: everything after the recovery (bar requests already under way) is served.
    expect(statuses.slice(recoveredAt + 4).every((status) => status === 200)).toBe(true);
    expect((await api.client('10.0.0.8').get('/health/ready')).statusCode).toBe(200);
  });
});
