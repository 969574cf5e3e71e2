/**
 * The raw floor: the route's own statements sent straight to the database in the route's order
 * (page keys and the cached count together, then the keys' rows), with no HTTP, no session
 * look-up and no JSON, for as long as the API was loaded.
 */
import pg from 'pg';
import { createDatabase } from '../../server/db/database.ts';
import { CountCache } from '../../server/http/count-cache.ts';
import { assertLoopback, type InvoicePage } from './load.ts';
import { pageOf, type CompiledQuery, type RouteStatements } from './queries.ts';

export interface RawResult { seconds: number; requests: number; rps: number; p50: number; p99: number; errors: number }

/** One request = what fetchInvoicePage sends for one page. */
type RunRequest = (statements: RouteStatements) => Promise<InvoicePage>;
type Send = <R>(compiled: CompiledQuery) => Promise<{ rows: R[] }>;

/**
 * fetchInvoicePage's database work over `send`: keys and (through a count cache like the
 * route's) the total at once, then the rows of the keys.
 */
function pageRequest(send: Send, sequential: boolean): RunRequest {
  const counts = new CountCache();
  const total = (statements: RouteStatements) => counts.get(statements.countKey, async () => Number((await send<{ total: number | string }>(statements.count)).rows[0]?.total));
  return async (statements) => {
    const [keys, count] = sequential
      ? [await send<{ trx_id: string }>(statements.keys), await total(statements)]
      : await Promise.all([send<{ trx_id: string }>(statements.keys), total(statements)]);
    const trxIds = keys.rows.map((row) => row.trx_id);
    if (trxIds.length > 0) await send(statements.rows(trxIds));
    return { trxIds, total: count };
  };
}

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

/**
 * PostgreSQL: a pg Pool of `clients` connections and `loops` concurrent loops; each request
 * sends keys and count at once, then the rows, as fetchInvoicePage does on the pool.
 */
export async function rawFloorPostgres(options: {
  databaseUrl: string; statements: RouteStatements[]; clients: number; loops: number;
  warmupSeconds: number; seconds: number; maxRequests?: number;
}): Promise<{ result: RawResult; page1: InvoicePage }> {
  assertLoopback(options.databaseUrl);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.clients });
  pool.on('error', (error) => console.error(`  raw floor: idle client error: ${error.message}`));
  const send: Send = async <R>(compiled: CompiledQuery) => (await pool.query(compiled.sql, [...compiled.parameters])) as unknown as { rows: R[] };
  const run = pageRequest(send, false);
  try {
    const page1 = await run(options.statements[0]!);
    if (options.warmupSeconds > 0) await drive(run, options.statements, options.loops, options.warmupSeconds, options.maxRequests ?? 5_000_000);
    const result = await drive(run, options.statements, options.loops, options.seconds, options.maxRequests ?? 5_000_000);
    return { result, page1 };
  } finally {
    await pool.end();
  }
}

/**
 * PGlite: the data directory opened in this process with createDatabase (after the server has
 * stopped: PGlite is one connection), the statements one after the other in one loop.
 */
export async function rawFloorPglite(options: {
  dataDir: string; statements: RouteStatements[]; warmupSeconds: number; seconds: number; maxRequests?: number;
}): Promise<{ result: RawResult; page1: InvoicePage }> {
  const db = await createDatabase({ dataDir: options.dataDir });
  const send: Send = async <R>(compiled: CompiledQuery) => ({ rows: (await db.executeQuery<R>(compiled)).rows as R[] });
  const run = pageRequest(send, true);
  try {
    const page1 = await run(options.statements[0]!);
    if (options.warmupSeconds > 0) await drive(run, options.statements, 1, options.warmupSeconds, options.maxRequests ?? 5_000_000);
    const result = await drive(run, options.statements, 1, options.seconds, options.maxRequests ?? 5_000_000);
    return { result, page1 };
  } finally {
    await db.destroy();
  }
}
