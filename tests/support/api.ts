import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { ManualClock } from '../../server/clock.ts';
import { createDatabase, type Database } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { seededEmbeddedDatabase } from './seeded-databases.ts';
import { MemoryMailer } from '../../server/mail/mailer.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import { loadTenants, type TenantStore } from '../../server/tenants/store.ts';
import type { BackgroundLog } from '../../server/background-log.ts';
import { createChangeFeed, type ChangeFeed } from '../../server/db/change-feed.ts';
import { readTenantFiles } from '../../server/tenants/files.ts';
import { importTenantFiles } from '../../server/tenants/revisions.ts';
import { publishedTenantStore, TenantSync } from '../../server/tenants/sync.ts';
import type { LoadShedding } from '../../server/http/load-shedding.ts';
import type { IdpResponseFilter } from '../../server/sso/relying-party.ts';

export const DEMO_PASSWORD = 'Portal#2026';
/** The program operator's key the test servers accept (OPERATOR_API_KEYS; issue 26). */
export const TEST_OPERATOR_KEY = 'test-operator-key-0123456789abcdef';
/** The day the demo data is anchored to in tests, so figures are the same on every run. */
export const TEST_TODAY = '2026-11-23';

export interface TestApi {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  mailer: MemoryMailer;
  tenants: TenantStore;
  /** With the tenantSync option: the instance's change feed and the sync that keeps `tenants` current. */
  feed?: ChangeFeed;
  tenantSync?: TenantSync;
  /** The application_name of the feed's listener connection (PostgreSQL), to find it in pg_stat_activity. */
  feedApplicationName?: string;
  /** The database's PostgreSQL schema (DATABASE_URL runs), for a second instance or a feed of a test's own. */
  schema?: string;
  client(host?: string): ApiClient;
  close(): Promise<void>;
}

/**
 * The real app on a real, freshly seeded database: in-memory PGlite by default, or a
 * schema of its own on the PostgreSQL server when DATABASE_URL is set (the CI's second pass).
 */
export interface TestApiOptions {
  bigCustomerInvoices?: number;
  /** Proxy addresses whose X-Forwarded-* headers count (AppOptions.trustProxy). */
  trustProxy?: string[];
  /** Receives the server's log at level info (silent without). */
  logStream?: { write(line: string): void };
  /** Sees (and may tamper with) every identity provider answer before the portal checks it (AppDeps.idpResponseFilter). */
  idpResponseFilter?: IdpResponseFilter;
  /**
   * Issue 22: tenants imported from tenants/ into their revisions and served from the database,
   * kept current by a TenantSync checking every `intervalMs` (0: the change feed alone). Without
   * it, the files as loaded at start.
   */
  tenantSync?: { intervalMs: number };
  /** A second instance on the database of that one (same schema, a connection pool of its own), as another process would be. */
  sharedWith?: TestApi;
  /** PostgreSQL only: how the app reaches the database (e.g. through a proxy a test can cut), and its connections' settings. */
  database?: { url?: (url: string) => string; applicationName?: string; connectTimeoutMs?: number };
  /** Load shedding (AppOptions.loadShedding); off unless given, so a slow test machine never sheds. */
  loadShedding?: LoadShedding;
  /** The built portal to serve (AppOptions.staticDir), for a test that renders it in a browser. */
  staticDir?: string;
}

/** A new schema on the PostgreSQL server, migrated and seeded; or a fresh in-memory PGlite. */
async function freshDatabase(
  databaseUrl: string | undefined,
  options: TestApiOptions,
): Promise<{ db: Database; schema: string | undefined }> {
  const seed = { today: TEST_TODAY, bigCustomerInvoices: options.bigCustomerInvoices ?? 300 };
  if (!databaseUrl) return { db: await seededEmbeddedDatabase(seed), schema: undefined };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = await createDatabase({
    databaseUrl: options.database?.url?.(databaseUrl) ?? databaseUrl,
    searchPath: schema,
    applicationName: options.database?.applicationName,
    // A loaded test machine can keep a connection busy for seconds: wait as long as a test would.
    connectTimeoutMs: options.database?.connectTimeoutMs ?? 30_000,
    // Tests cut connections on purpose (tests/api/database-loss.test.ts): no warning on stderr.
    onConnectionError: () => {},
  });
  await holdingSchemaLock(databaseUrl, 'shared', () => migrateToLatest(db, schema));
  await seedDemo(db, seed);
  return { db, schema };
}

/**
 * Kysely's migrator looks for its tables among every schema of the database (names, columns,
 * serial sequences): a schema another test file drops during that read fails it with 3F000, 42P01
 * or 42703, as seen in CI. Migrations hold this advisory lock shared and a drop holds it
 * exclusively, so no migration ever reads a schema while it goes; migrations still run side by side.
 */
const SCHEMA_DROP_LOCK = 7_316_402;

async function holdingSchemaLock<T>(databaseUrl: string, mode: 'shared' | 'exclusive', work: () => Promise<T>): Promise<T> {
  const lockClient = new pg.Client({ connectionString: databaseUrl });
  await lockClient.connect();
  try {
    await lockClient.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
    return await work();
  } finally {
    // Ending the session lets the lock go, even when the unlock is never sent.
    await lockClient.end();
  }
}

/** The shared instance's database: PGlite is one process's, so the very same; PostgreSQL, a pool of our own. */
async function sharedDatabase(databaseUrl: string | undefined, shared: TestApi): Promise<Database> {
  return databaseUrl ? createDatabase({ databaseUrl, searchPath: shared.schema, onConnectionError: () => {} }) : shared.db;
}

const silentLog: BackgroundLog = { warn: () => {}, info: () => {} };

/** Tenants as main.ts serves them: files imported as revisions, the published ones loaded and followed. */
async function syncedTenants(db: Database, databaseUrl: string | undefined, schema: string | undefined, intervalMs: number) {
  const feedApplicationName = `portal-test-feed-${randomBytes(4).toString('hex')}`;
  // Silent like the app's log in tests; tests/api/change-feed.test.ts covers what it would say.
  const feed = createChangeFeed({ db, databaseUrl, searchPath: schema, applicationName: feedApplicationName, log: silentLog });
  await importTenantFiles(db, feed, readTenantFiles('tenants'));
  const tenants = await publishedTenantStore(db);
  const tenantSync = new TenantSync({ db, feed, store: tenants, intervalMs, log: silentLog });
  await tenantSync.start();
  return { feed, feedApplicationName, tenants, tenantSync };
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const databaseUrl = process.env.DATABASE_URL;
  const shared = options.sharedWith;
  const { db, schema } = shared
    ? { db: await sharedDatabase(databaseUrl, shared), schema: shared.schema }
    : await freshDatabase(databaseUrl, options);
  const clock = new ManualClock(`${TEST_TODAY}T15:00:00Z`);
  const mailer = new MemoryMailer();
  const synced = options.tenantSync ? await syncedTenants(db, databaseUrl, schema, options.tenantSync.intervalMs) : undefined;
  const tenants = synced?.tenants ?? loadTenants('tenants');
  const app = await buildApp({
    db,
    clock,
    mailer,
    tenants,
    policy: loadPolicy(),
    ...(synced ? { feed: synced.feed } : {}),
    operatorKeys: [TEST_OPERATOR_KEY],
    ...(options.logStream ? { logLevel: 'info', logStream: options.logStream } : { logLevel: 'silent' }),
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    ...(options.idpResponseFilter ? { idpResponseFilter: options.idpResponseFilter } : {}),
    ...(options.loadShedding ? { loadShedding: options.loadShedding } : {}),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    mailer,
    tenants,
    schema,
    ...synced,
    client: (host = 'localhost') => new ApiClient(app, host),
    async close() {
      await app.close();
      await synced?.tenantSync.close();
      await synced?.feed.close();
      // A second instance leaves the database to the first, which closes it (and drops its schema) last.
      if (shared) {
        if (db !== shared.db) await db.destroy();
        return;
      }
      if (schema && databaseUrl) {
        await holdingSchemaLock(databaseUrl, 'exclusive', () => sql.raw(`drop schema ${schema} cascade`).execute(db));
      }
      await db.destroy();
    },
  };
}

/** A JSON value to send, or the body's own text, bytes or stream (sent as they are; a stream without Content-Length). */
type Body = Record<string, unknown> | unknown[] | string | Buffer | Readable;

const isRaw = (body: Body): body is string | Buffer | Readable =>
  typeof body === 'string' || Buffer.isBuffer(body) || body instanceof Readable;

let clientCount = 0;

/** A browser-like client: keeps the session cookie and sends the CSRF token on writes. */
export class ApiClient {
  private cookies = new Map<string, string>();
  csrfToken: string | undefined;

  /** Each client its own loopback address, as separate browsers would be: the per-address rate limits apply to each alone. */
  address: string;

  /** Sent with every request (e.g. a proxy's X-Forwarded-Proto); a call's own headers win. */
  headers: Record<string, string> = {};

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
  ) {
    clientCount += 1;
    this.address = `127.${(clientCount >> 16) & 255}.${(clientCount >> 8) & 255}.${clientCount & 255}`;
  }

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader();
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        host: this.host,
        accept: 'application/vnd.api+json',
        ...(cookie ? { cookie } : {}),
        ...(this.csrfToken && method !== 'GET' ? { 'x-csrf-token': this.csrfToken } : {}),
        ...(body !== undefined && !isRaw(body) ? { 'content-type': 'application/json' } : {}),
        ...this.headers,
        ...headers,
      },
      ...(body !== undefined ? { payload: isRaw(body) ? body : JSON.stringify(body) } : {}),
    });
    for (const set of response.cookies as Array<{ name: string; value: string; expires?: Date }>) {
      if (set.value === '' || (set.expires && set.expires.getTime() < Date.now())) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: Body, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }
  patch(url: string, body?: Body, headers?: Record<string, string>) {
    return this.request('PATCH', url, body ?? {}, headers);
  }
  delete(url: string, body?: Body, headers?: Record<string, string>) {
    return this.request('DELETE', url, body, headers);
  }

  async login(username: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
    const response = await this.post('/auth/login', { username, password });
    if (response.statusCode === 200) this.csrfToken = (response.json() as { meta: { csrf_token: string } }).meta.csrf_token;
    return response;
  }

  /** Signs in and selects a customer, as the portal does after login. */
  async loginWithCustomer(username: string, customerId: string): Promise<void> {
    const login = await this.login(username);
    if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
    const select = await this.post('/session_data', { sessionKeys: [{ key: 'customer_id', value: customerId }] });
    if (select.statusCode !== 200) throw new Error(`select ${customerId}: ${select.statusCode} ${select.body}`);
  }

  /** The Cookie header this client sends, for a request made over a real connection (not inject). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  forgetSession(): void {
    this.cookies.clear();
    this.csrfToken = undefined;
  }
}

export function errorCode(response: LightMyRequestResponse): string | undefined {
  return (response.json() as { errors?: Array<{ code: string }> }).errors?.[0]?.code;
}
