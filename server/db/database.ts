import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema.ts';
import { preparingPool } from './prepared-pool.ts';

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /** postgres://... to use a PostgreSQL server; absent for the embedded PGlite database. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** The embedded database starts as this dump (PGlite's dumpDataDir) instead of an empty cluster: tests copy one seeded database. */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL schema to use instead of public (each test file gets its own). */
  searchPath?: string | undefined;
  /** Connections of the PostgreSQL pool (default DB_POOL_SIZE, else 20). */
  poolSize?: number | undefined;
  /**
   * How long a request waits for a connection before it is answered 503 (default
   * DB_CONNECT_TIMEOUT_MS, else 5,000 ms): without a bound, requests would queue for as long as
   * the database is away.
   */
  connectTimeoutMs?: number | undefined;
  /** Names this process's connections in pg_stat_activity (PostgreSQL), e.g. for an operator or a test to find them. */
  applicationName?: string | undefined;
  /** Hears of connections the database dropped (restart, failover, idle time-out); default a warning on stderr. */
  onConnectionError?: ((error: Error) => void) | undefined;
}

// int8 and numeric come back as strings by default; our money values are integer minor
// units far below 2^53, so numbers are exact and simpler for every caller.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const DATE_OID = 1082;

const connectionsInUse = new WeakMap<Database, () => number>();
const embeddedDatabases = new WeakMap<Database, PGlite>();

/** The PGlite instance under an embedded database, for what Kysely cannot express (its notifications). */
export function embeddedDatabaseOf(db: Database): PGlite | undefined {
  return embeddedDatabases.get(db);
}

/**
 * Closes the database once the requests still being answered are done with it: at shutdown the
 * HTTP server stops taking requests, but handlers already running may have queries to go.
 * Waits until no connection has been in use for a moment (at most `timeoutMs`), then closes.
 */
export async function closeDatabase(db: Database, timeoutMs = 10_000): Promise<void> {
  const inUse = connectionsInUse.get(db);
  const deadline = Date.now() + timeoutMs;
  let quietSince: number | undefined;
  while (inUse && Date.now() < deadline) {
    if (inUse() > 0) quietSince = undefined;
    else if (quietSince === undefined) quietSince = Date.now();
    else if (Date.now() - quietSince >= 50) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await db.destroy();
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    pg.default.types.setTypeParser(INT8_OID, (value: string) => Number(value));
    pg.default.types.setTypeParser(NUMERIC_OID, (value: string) => Number(value));
    // Dates are calendar days; keep them as 'YYYY-MM-DD' rather than midnight in some zone.
    pg.default.types.setTypeParser(DATE_OID, (value: string) => value);
    const pool = new pg.default.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? Number(process.env.DB_POOL_SIZE ?? 20),
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
      connectionTimeoutMillis: options.connectTimeoutMs ?? Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 5_000),
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const onConnectionError = options.onConnectionError ?? ((error: Error) => console.warn(`Database connection lost: ${error.message}`));
    // An idle connection the server closed is an 'error' event of the pool; unheard, it ends the process.
    pool.on('error', onConnectionError);
    const preparing = preparingPool(pool, { onConnectionError });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparing }) });
    connectionsInUse.set(db, preparing.inUse);
    return db;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('./pglite-dialect.ts');
  const dataDir = options.dataDir ?? './data';
  const pglite = await PGlite.create(dataDir, {
    // PGlite's default 128 MB of shared buffers doubles the process size for no gain here.
    postgresqlconf: ['shared_buffers=16MB'],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: {
      [INT8_OID]: (value: string) => Number(value),
      [NUMERIC_OID]: (value: string) => Number(value),
      [DATE_OID]: (value: string) => value,
    },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  embeddedDatabases.set(db, pglite);
  return db;
}
