/**
 * The raw floor: the route's own database work for each page (fetchInvoicePage of
 * server/invoices/page.ts, with its own count cache and page boundaries, starting empty as the
 * server's do; its rows as the route reads them once their resources are kept: each row's version
 * and look-ups, server/invoices/page-body.ts) on a Kysely over the same driver the server uses, with no HTTP, no session
 * look-up and no JSON, for as long as the API was loaded.
 */
import { centralDay } from '../../domain/exposure.ts';
import { createDatabase, type Database } from '../../server/db/database.ts';
import { fetchInvoicePage, InvoiceListCaches } from '../../server/invoices/page.ts';
import { assertLoopback, type InvoicePage } from './load.ts';
import { benchAuth, benchList, invoicePath, pageOf, PAGES } from './queries.ts';

export interface RawResult {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One request = what GET /invoices asks of the database for one page. */
type RunRequest = (page: number) => Promise<InvoicePage>;

function pageRequest(db: Database): RunRequest {
  const caches = new InvoiceListCaches();
  const lists = Array.from({ length: PAGES }, (_, index) => benchList(invoicePath(index + 1)));
  return async (page) => {
    const { rows, meta } = await fetchInvoicePage(db, benchAuth, lists[page - 1]!, caches, centralDay(new Date()), 'versions');
    return { trxIds: rows.map((row) => row.trx_id), total: meta.total };
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
async function drive(run: RunRequest, loops: number, seconds: number, maxRequests: number): Promise<RawResult> {
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
        await run(pageOf(index));
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
  if (errors > 0)
    console.error(
      `  raw floor: ${errors} failed requests, first: ${firstError instanceof Error ? firstError.message : String(firstError)}`,
    );
  const sorted = Float64Array.from(latencies).sort();
  return {
    seconds: elapsed / 1000,
    requests: latencies.length,
    rps: latencies.length / (elapsed / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors,
  };
}

async function measure(db: Database, loops: number, options: { warmupSeconds: number; seconds: number; maxRequests?: number | undefined }) {
  const run = pageRequest(db);
  const page1 = await run(1);
  const maxRequests = options.maxRequests ?? 5_000_000;
  if (options.warmupSeconds > 0) await drive(run, loops, options.warmupSeconds, maxRequests);
  const result = await drive(run, loops, options.seconds, maxRequests);
  return { result, page1 };
}

/** PostgreSQL: the server's pool (prepared statements included) with `clients` connections and `loops` concurrent loops. */
export async function rawFloorPostgres(options: {
  databaseUrl: string;
  clients: number;
  loops: number;
  warmupSeconds: number;
  seconds: number;
  maxRequests?: number;
}): Promise<{ result: RawResult; page1: InvoicePage }> {
  assertLoopback(options.databaseUrl);
  const db = await createDatabase({ databaseUrl: options.databaseUrl, poolSize: options.clients });
  try {
    return await measure(db, options.loops, options);
  } finally {
    await db.destroy();
  }
}

/**
 * PGlite: the data directory opened in this process with createDatabase (after the server has
 * stopped: PGlite is one connection), one loop.
 */
export async function rawFloorPglite(options: {
  dataDir: string;
  warmupSeconds: number;
  seconds: number;
  maxRequests?: number;
}): Promise<{ result: RawResult; page1: InvoicePage }> {
  const db = await createDatabase({ dataDir: options.dataDir });
  try {
    return await measure(db, 1, options);
  } finally {
    await db.destroy();
  }
}
