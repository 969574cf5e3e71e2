/**
 * npm run bench:api — throughput, latency and memory of the paged invoice list.
 *
 * 1. PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; the
 *    data lives in its database portal_bench, created when missing) with 1,000,000 invoices of
 *    C-9000, loaded with the seed CLI when fewer.
 * 2. PGlite in a temporary data directory with 100,000 invoices.
 * For each: the real server as a child process, 64 connections on GET /invoices (5 s warm-up,
 * 20 s measured), the raw floor of the same SQL, the server's peak RSS. Prints the figures and
 * appends them to bench/RESULTS.md. Exits 0 when targets are missed (it is a measurement), 1
 * when a phase could not be measured.
 *
 * `npm run bench:api -- --open-loop [--seconds N]`: a fixed arrival rate instead (300 req/s on
 * PostgreSQL, 100 on PGlite, 60 s): bench/api-open-loop.ts.
 *
 * Knobs (for quick trials; RESULTS.md figures use the defaults): BENCH_ONLY=postgres|pglite,
 * BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_PG_INVOICES, BENCH_PGLITE_INVOICES,
 * BENCH_RESULTS=0 (do not append to RESULTS.md), BENCH_VACUUM=1 (VACUUM ANALYZE instead of ANALYZE:
 * sets the visibility map that index-only scans need, as autovacuum would in production).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../server/db/seed/util.ts';
import { createDatabase } from '../server/db/database.ts';
import { sql } from 'kysely';
import { installCleanup, makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { fetchInvoicePage, runLoad, signIn, type InvoicePage, type LoadResult } from './lib/load.ts';
import {
  analyze,
  autovacuumSetting,
  BENCH_DATABASE,
  countCustomerInvoices,
  ensureDatabase,
  invoiceTableState,
  serverVersion,
} from './lib/postgres.ts';
import { runSeedCli, startServer, type ServerHandle } from './lib/processes.ts';
import { BENCH_CUSTOMER, inlineParameters, pageStatements } from './lib/queries.ts';
import { rawFloorPglite, rawFloorPostgres, type RawResult } from './lib/raw.ts';
import { openLoopSection, openLoopSettings, runOpenLoopBench } from './api-open-loop.ts';
import { appendFileSync } from 'node:fs';
import { appendResults, machine, summaryTable, targetLines, targets, type PhaseResult } from './lib/report.ts';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got '${raw}'`);
  return value;
}

const settings = {
  adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  pgInvoices: intFromEnv('BENCH_PG_INVOICES', 1_000_000),
  pgliteInvoices: intFromEnv('BENCH_PGLITE_INVOICES', 100_000),
  seconds: intFromEnv('BENCH_SECONDS', 20),
  warmupSeconds: intFromEnv('BENCH_WARMUP_SECONDS', 5),
  connections: intFromEnv('BENCH_CONNECTIONS', 64),
  only: process.env.BENCH_ONLY,
  writeResults: process.env.BENCH_RESULTS !== '0',
  vacuum: process.env.BENCH_VACUUM === '1',
};
const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const DB_POOL_SIZE = 20;
const RAW_CLIENTS = 64;

const log = (line: string) => console.log(line);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

function printLoad(label: string, result: LoadResult): void {
  const codes = Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  log(
    `  ${label}: ${result.rps.toFixed(1)} req/s over ${result.seconds.toFixed(1)} s (${result.requests} responses), ` +
      `p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts} [${codes}]`,
  );
}

function printRaw(label: string, result: RawResult): void {
  log(
    `  ${label}: ${result.rps.toFixed(1)} req/s over ${result.seconds.toFixed(1)} s (${result.requests} page+count), ` +
      `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}`,
  );
}

function samePage(api: InvoicePage, raw: InvoicePage): boolean {
  return api.total === raw.total && api.trxIds.length === raw.trxIds.length && api.trxIds.every((id, index) => id === raw.trxIds[index]);
}

/** Sign-in, warm-up, measured load and peak RSS against a started server. */
async function loadServer(server: ServerHandle, phase: PhaseResult): Promise<InvoicePage> {
  log(`  server pid ${server.pid} on ${server.baseUrl}`);
  const cookie = await signIn(server.baseUrl, 'admin', DEMO_PASSWORD, BENCH_CUSTOMER);
  const page1 = await fetchInvoicePage(server.baseUrl, cookie, 1);
  phase.listed = page1.total;
  log(`  signed in as admin, customer ${BENCH_CUSTOMER}: ${page1.total} Billed invoices, page 1 has ${page1.trxIds.length} rows`);
  const common = { baseUrl: server.baseUrl, cookie, connections: settings.connections };
  phase.notes.push(
    `load average (1, 5, 15 min) before the load: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  // autocannon drops the requests in flight when a run ends, but the server still works them off:
  // one more request, queued behind them, returns once they are done, so each run starts idle.
  const drain = async () => {
    const started = performance.now();
    await fetchInvoicePage(server.baseUrl, cookie, 1);
    log(`  (server drained in ${seconds(started)} s)`);
  };
  if (settings.warmupSeconds > 0) {
    printLoad(`warm-up ${settings.warmupSeconds} s`, await runLoad({ ...common, seconds: settings.warmupSeconds }));
    await drain();
  }
  phase.api = await runLoad({ ...common, seconds: settings.seconds });
  printLoad(`API, ${settings.connections} connections`, phase.api);
  await drain();
  phase.peakRssMb = server.peakRssKb() / 1024;
  log(`  server peak RSS (VmHWM): ${phase.peakRssMb.toFixed(0)} MB`);
  return page1;
}

function checkSameRows(phase: PhaseResult, api: InvoicePage, raw: InvoicePage): void {
  phase.sameRows = samePage(api, raw);
  log(`  raw page 1 ${phase.sameRows ? 'matches' : 'DIFFERS FROM'} the API's page 1 (total ${raw.total} vs ${api.total})`);
  if (!phase.sameRows)
    phase.notes.push("the raw statements did not return the same page 1 as the API: the raw floor may not be the route's SQL");
}

async function benchPostgres(): Promise<PhaseResult> {
  const phase: PhaseResult = { database: 'PostgreSQL', notes: [] };
  log(`\n== PostgreSQL, ${settings.pgInvoices.toLocaleString('en-US')} invoices of ${BENCH_CUSTOMER} ==`);
  try {
    const benchUrl = await ensureDatabase(settings.adminUrl, BENCH_DATABASE);
    phase.version = await serverVersion(benchUrl);
    let invoices = await countCustomerInvoices(benchUrl, BENCH_CUSTOMER);
    log(`  ${BENCH_DATABASE}: ${invoices} invoices of ${BENCH_CUSTOMER}`);
    if (invoices < settings.pgInvoices) {
      const missing = settings.pgInvoices - invoices;
      log(`  loading ${missing} invoices with the seed CLI…`);
      const started = performance.now();
      await runSeedCli({ DATABASE_URL: benchUrl }, missing);
      phase.notes.push(`loaded ${missing.toLocaleString('en-US')} invoices with the seed CLI in ${seconds(started)} s before measuring`);
      invoices = await countCustomerInvoices(benchUrl, BENCH_CUSTOMER);
    }
    phase.invoices = invoices;
    const analyzed = performance.now();
    await analyze(benchUrl, settings.vacuum);
    const state = `${await invoiceTableState(benchUrl)}; autovacuum ${await autovacuumSetting(benchUrl)}`;
    log(`  ${settings.vacuum ? 'VACUUM ANALYZE' : 'ANALYZE'} in ${seconds(analyzed)} s; ${state}`);
    phase.notes.push(`${settings.vacuum ? 'VACUUM ANALYZE' : 'ANALYZE'}, then ${state}`);

    const outbox = makeTempDir('portal-bench-outbox-');
    let apiPage1: InvoicePage;
    const server = await startServer({ DATABASE_URL: benchUrl, DB_POOL_SIZE: String(DB_POOL_SIZE), OUTBOX_DIR: outbox });
    try {
      apiPage1 = await loadServer(server, phase);
    } finally {
      await server.stop();
      removeTempDir(outbox);
    }

    log(
      `  raw floor: the route's fetchInvoicePage on a pool of ${RAW_CLIENTS}, ${RAW_CLIENTS} loops, warm-up ${settings.warmupSeconds} s, ${settings.seconds} s measured…`,
    );
    const raw = await rawFloorPostgres({
      databaseUrl: benchUrl,
      clients: RAW_CLIENTS,
      loops: RAW_CLIENTS,
      warmupSeconds: settings.warmupSeconds,
      seconds: settings.seconds,
    });
    phase.raw = raw.result;
    printRaw('raw floor', raw.result);
    checkSameRows(phase, apiPage1, raw.page1);
  } catch (error) {
    phase.error = error instanceof Error ? error.message : String(error);
    console.error(`  PostgreSQL phase failed: ${error instanceof Error ? error.stack : error}`);
  }
  return phase;
}

async function benchPglite(): Promise<PhaseResult> {
  const phase: PhaseResult = { database: 'PGlite', notes: [] };
  log(`\n== PGlite, ${settings.pgliteInvoices.toLocaleString('en-US')} invoices of ${BENCH_CUSTOMER} ==`);
  const dir = makeTempDir('portal-bench-pglite-');
  const dataDir = join(dir, 'data');
  try {
    log(`  seeding ${dataDir} with the seed CLI…`);
    const started = performance.now();
    await runSeedCli({ DATA_DIR: dataDir }, settings.pgliteInvoices);
    phase.notes.push(
      `seeded (demo + ${settings.pgliteInvoices.toLocaleString('en-US')} invoices) in ${seconds(started)} s in a temporary data directory`,
    );
    const db = await createDatabase({ dataDir });
    try {
      await (settings.vacuum ? sql`vacuum analyze` : sql`analyze`).execute(db);
      const version = await sql<{ version: string }>`select version()`.execute(db);
      phase.version = `PGlite ${(version.rows[0]?.version ?? '?').split(' on ')[0]}`;
      const count = await db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('buid_customer', '=', BENCH_CUSTOMER)
        .executeTakeFirstOrThrow();
      phase.invoices = Number(count.n);
    } finally {
      await db.destroy();
    }
    log(`  ${settings.vacuum ? 'VACUUM ANALYZE' : 'ANALYZE'} done; ${phase.invoices} invoices of ${BENCH_CUSTOMER}`);
    if (settings.vacuum) phase.notes.push('VACUUM ANALYZE before measuring');

    let apiPage1: InvoicePage;
    const server = await startServer({ DATA_DIR: dataDir, OUTBOX_DIR: join(dir, 'outbox') });
    try {
      apiPage1 = await loadServer(server, phase);
    } finally {
      await server.stop();
    }

    log(
      `  raw floor: the data directory opened in-process, one loop, warm-up ${settings.warmupSeconds} s, ${settings.seconds} s measured…`,
    );
    const raw = await rawFloorPglite({ dataDir, warmupSeconds: settings.warmupSeconds, seconds: settings.seconds });
    phase.raw = raw.result;
    printRaw('raw floor', raw.result);
    checkSameRows(phase, apiPage1, raw.page1);
  } catch (error) {
    phase.error = error instanceof Error ? error.message : String(error);
    console.error(`  PGlite phase failed: ${error instanceof Error ? error.stack : error}`);
  } finally {
    removeTempDir(dir);
  }
  return phase;
}

async function openLoopMain(started: Date, host: ReturnType<typeof machine>): Promise<number> {
  const open = openLoopSettings(process.argv.slice(2), {
    adminUrl: settings.adminUrl,
    pgInvoices: settings.pgInvoices,
    pgliteInvoices: settings.pgliteInvoices,
    ...(settings.only ? { only: settings.only } : {}),
  });
  log(`bench:api --open-loop — ${started.toISOString()}; nproc ${host.nproc}, Node ${host.node}, load average ${host.loadAverage}`);
  const phases = await runOpenLoopBench(open);
  const section = openLoopSection(started, host, open, phases);
  log(section);
  if (settings.writeResults) {
    appendFileSync(RESULTS_FILE, section);
    log(`Appended to ${RESULTS_FILE}`);
  }
  return phases.some((phase) => phase.error) ? 1 : 0;
}

async function main(): Promise<number> {
  installCleanup();
  const started = new Date();
  const host = machine();
  if (process.argv.includes('--open-loop')) return openLoopMain(started, host);
  log(`bench:api — ${started.toISOString()}; nproc ${host.nproc}, Node ${host.node}, load average ${host.loadAverage}`);
  log("The route's statements, as compiled by its own query builders (server/invoices/page.ts):");
  log(`  page 1: ${inlineParameters(pageStatements(1).page)}`);
  log(`  page 200 before any earlier page is known: ${inlineParameters(pageStatements(200).page)}`);
  log("  a page after a known boundary seeks past the previous page's last (due_date, trx_id) instead");
  log(`  count: ${inlineParameters(pageStatements(1).count)} (through a count cache, as in the route)`);

  const phases: PhaseResult[] = [];
  if (settings.only !== 'pglite') phases.push(await benchPostgres());
  if (settings.only !== 'postgres') phases.push(await benchPglite());

  log('\n== Summary ==');
  log(summaryTable(phases));
  for (const line of targetLines(phases)) log(line);
  const missed = phases.flatMap((phase) => targets(phase)).filter((target) => !target.holds).length;
  log(missed === 0 ? 'All targets hold.' : `${missed} target(s) MISSED.`);
  if (settings.writeResults) {
    const extra =
      settings.pgInvoices !== 1_000_000 ||
      settings.pgliteInvoices !== 100_000 ||
      settings.seconds !== 20 ||
      settings.warmupSeconds !== 5 ||
      settings.connections !== 64 ||
      settings.vacuum
        ? [`non-default settings: ${JSON.stringify({ ...settings, adminUrl: undefined })}`]
        : [];
    appendResults(RESULTS_FILE, started, host, phases, extra);
    log(`Appended to ${RESULTS_FILE}`);
  }
  return phases.some((phase) => phase.error) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
