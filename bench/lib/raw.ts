/**
 * The raw floor: the route's own page and count statements sent straight to the database,
 * with no HTTP, no session look-up and no JSON, for as long as the API was loaded.
 */
import pg from 'pg';
import { createDatabase } from '../../server/db/database.ts';
import { assertLoopback, type InvoicePage } from './load.ts';
import { pageOf, type CompiledQuery, type RouteStatements } from './queries.ts';

export interface RawResult { seconds: number; requests: number; rps: number; p50: number; p99: number; errors: number }

/** One request = the page query and the count query. */
type RunRequest = (statements: RouteStatements) => Promise<unknown>;

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
}

/**
 * `loops` concurrent loops for `seconds` (and at most `maxRequests` requests in all). As with
 * autocannon, only requests completed inside the window count, divided by the window; requests
 * still in flight at its end are awaited (so the next phase starts idle) but not counted.
 */
async function drive(run: RunRequest, statements: RouteStatements[], loops: number, seconds: number, maxRequests: number): Promise<RawResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: unknown;
  const started = performance.now();
  const windowEnd = started + seconds * 1000;
  let stopAt = windowEnd;
  async function loop(): Promise<void> {
    while (performance.now() < stopAt && next < maxRequests) {
      const index = next++;
      const begin = performance.now();
      try {
        await run(statements[pageOf(index) - 1]!);
        const finished = performance.now();
        if (finished <= windowEnd) latencies.push(finished - begin);
      } catch (error) {
        errors += 1;
        firstError ??= error;
        if (errors > 100) stopAt = 0; // give up: every loop stops at its next turn
      }
    }
  }
  await Promise.all(Array.from({ length: loops }, () => loop()));
  if (errors > 100) throw firstError;
  const elapsed = Math.min(performance.now(), windowEnd) - started;
  if (errors > 0) console.error(`  raw floor: ${errors} failed requests, first: ${firstError instanceof Error ? firstError.message : String(firstError)}`);
  const sorted = Float64Array.from(latencies).sort();
  return {
    seconds: elapsed / 1000, requests: latencies.length, rps: latencies.length / (elapsed / 1000),
    p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), errors,
  };
}

function firstPage(rows: Array<{ trx_id: string }>, countRows: Array<{ total: number | string }>): InvoicePage {
  return { trxIds: rows.map((row) => row.trx_id), total: Number(countRows[0]?.total) };
}

/**
 * PostgreSQL: a pg Pool of `clients` connections and `loops` concurrent loops; each request
 * sends the two statements at once, as fetchPage does (Promise.all on the pool).
 */
export async function rawFloorPostgres(options: {
  databaseUrl: string; statements: RouteStatements[]; clients: number; loops: number;
  warmupSeconds: number; seconds: number; maxRequests?: number;
}): Promise<{ result: RawResult; page1: InvoicePage }> {
  assertLoopback(options.databaseUrl);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.clients });
  pool.on('error', (error) => console.error(`  raw floor: idle client error: ${error.message}`));
  const send = (compiled: CompiledQuery) => pool.query(compiled.sql, [...compiled.parameters]);
  const run: RunRequest = (statements) => Promise.all([send(statements.page), send(statements.count)]);
  try {
    const [page, count] = await Promise.all([send(options.statements[0]!.page), send(options.statements[0]!.count)]);
    const page1 = firstPage(page.rows as Array<{ trx_id: string }>, count.rows as Array<{ total: number }>);
    if (options.warmupSeconds > 0) await drive(run, options.statements, options.loops, options.warmupSeconds, options.maxRequests ?? 5_000_000);
    const result = await drive(run, options.statements, options.loops, options.seconds, options.maxRequests ?? 5_000_000);
    return { result, page1 };
  } finally {
    await pool.end();
  }
}

/**
 * PGlite: the data directory opened in this process with createDatabase (after the server has
 * stopped: PGlite is one connection), the two statements run one after the other in one loop.
 */
export async function rawFloorPglite(options: {
  dataDir: string; statements: RouteStatements[]; warmupSeconds: number; seconds: number; maxRequests?: number;
}): Promise<{ result: RawResult; page1: InvoicePage }> {
  const db = await createDatabase({ dataDir: options.dataDir });
  const run: RunRequest = async (statements) => {
    await db.executeQuery(statements.page);
    await db.executeQuery(statements.count);
  };
  try {
    const page = await db.executeQuery<{ trx_id: string }>(options.statements[0]!.page);
    const count = await db.executeQuery<{ total: number }>(options.statements[0]!.count);
    const page1 = firstPage(page.rows, count.rows);
    if (options.warmupSeconds > 0) await drive(run, options.statements, 1, options.warmupSeconds, options.maxRequests ?? 5_000_000);
    const result = await drive(run, options.statements, 1, options.seconds, options.maxRequests ?? 5_000_000);
    return { result, page1 };
  } finally {
    await db.destroy();
  }
}
