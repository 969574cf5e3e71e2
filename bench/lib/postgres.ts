/** The dedicated PostgreSQL bench database: portal_bench on the BENCH_DATABASE_URL server. */
import pg from 'pg';
import { assertLoopback } from './load.ts';

export const BENCH_DATABASE = 'portal_bench';

/** The same server URL with another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  assertLoopback(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 30_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Creates `database` on the server of `adminUrl` when missing; returns its URL. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<string> {
  if (database === 'test' || !/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`refusing to use database '${database}'`);
  await withClient(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      console.log(`Creating database ${database}…`);
      await client.query(`create database ${database}`);
    }
  });
  return withDatabase(adminUrl, database);
}

export async function countCustomerInvoices(url: string, customer: string): Promise<number> {
  return withClient(url, async (client) => {
    const table = await client.query<{ name: string | null }>(`select to_regclass('public.invoices')::text as name`);
    if (!table.rows[0]?.name) return 0;
    const result = await client.query<{ n: string }>('select count(*) as n from invoices where buid_customer = $1', [customer]);
    return Number(result.rows[0]?.n ?? 0);
  });
}

/** ANALYZE (or VACUUM ANALYZE, which also sets the visibility map index-only scans need). */
export async function analyze(url: string, vacuum = false): Promise<void> {
  await withClient(url, (client) => client.query(vacuum ? 'vacuum analyze' : 'analyze'));
}

export async function autovacuumSetting(url: string): Promise<string> {
  return withClient(url, async (client) => (await client.query<{ autovacuum: string }>('show autovacuum')).rows[0]?.autovacuum ?? '?');
}

export async function serverVersion(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const result = await client.query<{ server_version: string }>('show server_version');
    return `PostgreSQL ${result.rows[0]?.server_version ?? '?'}`;
  });
}

/** Pages of the invoices table marked all-visible (index-only scans skip the heap only there) and its vacuum history. */
export async function invoiceTableState(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const result = await client.query<{ relpages: number; relallvisible: number; last_vacuum: Date | null; last_autovacuum: Date | null }>(`
      select c.relpages, c.relallvisible, s.last_vacuum, s.last_autovacuum
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid
      where c.oid = 'public.invoices'::regclass`);
    const row = result.rows[0];
    if (!row) return 'invoices table not found';
    const vacuumed = row.last_vacuum ?? row.last_autovacuum;
    return `invoices: ${row.relallvisible} of ${row.relpages} pages all-visible; last (auto)vacuum ${vacuumed ? vacuumed.toISOString() : 'never'}`;
  });
}
