/**
 * `npm run bench:api -- --open-loop` (issue 25): the paged invoice list under a fixed arrival rate
 * (bench/lib/open-loop.ts), on PostgreSQL with 1,000,000 invoices at 300 requests/s and on PGlite
 * with 100,000 at 100 requests/s, 60 s each after a 5 s warm-up at the same rate. Prints p50/p99,
 * errors, throughput, the server's CPU per request, the database's and the load generator's own CPU,
 * and appends them to bench/RESULTS.md (BENCH_RESULTS=0: print only).
 *
 * Options: --seconds N (measured window), --warmup N, --pg-rate N, --pglite-rate N, BENCH_ONLY=postgres|pglite.
 * --baseline <git ref>: also runs that commit's server on the same data, and measures the two in
 * alternating rounds (--rounds N, default 6, each --seconds long; baseline, current, baseline, …):
 * before and after a change under the same load of a shared machine, medians of the rounds.
 * --cpu-prof <dir>: the (current) server writes a V8 CPU profile there when it stops.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../server/db/database.ts';
import { DEMO_PASSWORD } from '../server/db/seed/util.ts';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { fetchInvoicePage, signIn } from './lib/load.ts';
import { runOpenLoop, type OpenLoopResult } from './lib/open-loop.ts';
import { analyze, BENCH_DATABASE, countCustomerInvoices, ensureDatabase, invoiceTableState, serverVersion } from './lib/postgres.ts';
import { REPO_ROOT, runSeedCli, startServer, type ServerHandle } from './lib/processes.ts';
import { BENCH_CUSTOMER } from './lib/queries.ts';
import type { Machine } from './lib/report.ts';
import { TARGET_P99_MS } from './lib/report.ts';

/** Issue 25's target: server CPU per paged request. */
export const TARGET_CPU_MS = 0.8;

export interface OpenLoopSettings {
  adminUrl: string;
  pgInvoices: number;
  pgliteInvoices: number;
  seconds: number;
  warmupSeconds: number;
  pgRate: number;
  pgliteRate: number;
  rounds: number;
  baseline?: string;
  cpuProfileDir?: string;
  only?: string;
}

/** Reads the open-loop options from the command line (after `--`). */
export function openLoopSettings(
  argv: string[],
  defaults: { adminUrl: string; pgInvoices: number; pgliteInvoices: number; only?: string },
): OpenLoopSettings {
  const option = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  };
  const number = (name: string, fallback: number) => {
    const raw = option(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} expects a positive number, got '${raw}'`);
    return value;
  };
  const baseline = option('baseline');
  const cpuProfileDir = option('cpu-prof');
  return {
    ...defaults,
    seconds: number('seconds', 60),
    warmupSeconds: number('warmup', 5),
    pgRate: number('pg-rate', 300),
    pgliteRate: number('pglite-rate', 100),
    rounds: baseline ? number('rounds', 6) : 1,
    ...(baseline ? { baseline } : {}),
    ...(cpuProfileDir ? { cpuProfileDir: resolve(cpuProfileDir) } : {}),
  };
}

type Variant = 'current' | 'baseline';
interface PhaseFigures {
  database: 'PostgreSQL' | 'PGlite';
  version?: string;
  invoices?: number;
  listed?: number;
  rate: number;
  runs: Array<{ variant: Variant; result: OpenLoopResult }>;
  notes: string[];
  error?: string;
}

const log = (line: string) => console.log(line);
const fixed = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function printRun(label: string, result: OpenLoopResult): void {
  log(
    `  ${label}: ${result.rate} req/s offered over ${result.seconds.toFixed(1)} s: throughput ${result.throughput.toFixed(1)} req/s, ` +
      `p50 ${fixed(result.p50, 1)} ms, p99 ${fixed(result.p99, 1)} ms, max ${fixed(result.max)} ms; non-2xx ${result.non2xx}, errors ${result.errors}, ` +
      `timeouts ${result.timeouts}, unanswered at the end ${result.unanswered}; server CPU ${fixed(result.serverCpuMsPerRequest, 2)} ms/request ` +
      `(${fixed(result.serverCores, 2)} cores)${result.databaseCpuMsPerRequest === undefined ? '' : `, PostgreSQL ${fixed(result.databaseCpuMsPerRequest, 2)} ms/request`}; ` +
      `generator CPU ${fixed(result.generatorCpuMsPerRequest, 3)} ms/request (${fixed(result.generatorCores, 2)} cores), send lag p99 ${fixed(result.sendLagP99, 1)} ms; ` +
      `load average ${result.loadAverage}`,
  );
}

/** A detached checkout of `ref` sharing this checkout's node_modules: the "before" server. */
function checkoutBaseline(ref: string): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'api-bench-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', root, ref], { cwd: REPO_ROOT, stdio: 'ignore' });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, remove: () => execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: REPO_ROOT, stdio: 'ignore' }) };
}

/** One more request, queued behind those in flight: it returns once they are done (a shedding server is asked again after its Retry-After). */
async function drain(baseUrl: string, cookie: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await fetchInvoicePage(baseUrl, cookie, 1);
      return;
    } catch (error) {
      if (attempt >= 20 || !(error instanceof Error) || !error.message.includes(': 503 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  }
}

/**
 * Starts the current server (and the baseline's, on `baselineEnv`), signs in on each, and runs the
 * rounds alternating between them (baseline first: a warming machine favours the later one).
 */
async function measure(
  phase: PhaseFigures,
  settings: OpenLoopSettings,
  env: Record<string, string>,
  baselineEnv: Record<string, string> | undefined,
  measureDatabase: boolean,
): Promise<void> {
  const servers: Array<{ variant: Variant; server: ServerHandle; cookie?: string }> = [];
  const baseline = settings.baseline && baselineEnv ? checkoutBaseline(settings.baseline) : undefined;
  try {
    if (baseline && baselineEnv)
      servers.push({
        variant: 'baseline',
        server: await startServer(baselineEnv, undefined, { root: baseline.root, label: 'baseline server' }),
      });
    const profile = settings.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${settings.cpuProfileDir}`] : [];
    servers.push({ variant: 'current', server: await startServer(env, undefined, { nodeArgs: profile }) });
    for (const entry of servers) {
      entry.cookie = await signIn(entry.server.baseUrl, 'admin', DEMO_PASSWORD, BENCH_CUSTOMER);
      await drain(entry.server.baseUrl, entry.cookie);
      const page1 = await fetchInvoicePage(entry.server.baseUrl, entry.cookie, 1);
      phase.listed = page1.total;
      log(`  ${entry.variant} server pid ${entry.server.pid}: ${page1.total} Billed invoices of ${BENCH_CUSTOMER}`);
    }
    for (let round = 0; round < settings.rounds; round += 1) {
      for (const entry of servers) {
        const result = await runOpenLoop({
          baseUrl: entry.server.baseUrl,
          cookie: entry.cookie!,
          rate: phase.rate,
          seconds: settings.seconds,
          warmupSeconds: settings.warmupSeconds,
          serverPid: entry.server.pid,
          measureDatabase,
        });
        phase.runs.push({ variant: entry.variant, result });
        printRun(`${entry.variant}${settings.rounds > 1 ? `, round ${round + 1}` : ''}`, result);
        // Let what is still in flight finish before the other server's round starts.
        await drain(entry.server.baseUrl, entry.cookie!);
      }
    }
  } finally {
    for (const entry of servers) await entry.server.stop();
    baseline?.remove();
  }
}

async function postgresPhase(settings: OpenLoopSettings): Promise<PhaseFigures> {
  const phase: PhaseFigures = { database: 'PostgreSQL', rate: settings.pgRate, runs: [], notes: [] };
  log(
    `\n== PostgreSQL, ${settings.pgInvoices.toLocaleString('en-US')} invoices of ${BENCH_CUSTOMER}, open loop at ${settings.pgRate} req/s ==`,
  );
  const outbox = makeTempDir('portal-bench-outbox-');
  try {
    const benchUrl = await ensureDatabase(settings.adminUrl, BENCH_DATABASE);
    phase.version = await serverVersion(benchUrl);
    let invoices = await countCustomerInvoices(benchUrl, BENCH_CUSTOMER);
    if (invoices < settings.pgInvoices) {
      log(`  loading ${settings.pgInvoices - invoices} invoices with the seed CLI…`);
      await runSeedCli({ DATABASE_URL: benchUrl }, settings.pgInvoices - invoices);
      invoices = await countCustomerInvoices(benchUrl, BENCH_CUSTOMER);
    }
    phase.invoices = invoices;
    // VACUUM ANALYZE: the visibility map that autovacuum keeps in production (the bench cluster runs
    // without autovacuum); without it each count is a sequential scan of the table (RESULTS.md, 2026-11-23).
    await analyze(benchUrl, true);
    phase.notes.push(`VACUUM ANALYZE, then ${await invoiceTableState(benchUrl)}`);
    const env = { DATABASE_URL: benchUrl, DB_POOL_SIZE: '20', OUTBOX_DIR: outbox };
    phase.notes.push(
      `load average (1, 5, 15 min) before the load: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    await measure(phase, settings, env, env, true);
  } catch (error) {
    phase.error = error instanceof Error ? error.message : String(error);
    console.error(`  PostgreSQL phase failed: ${error instanceof Error ? error.stack : error}`);
  } finally {
    removeTempDir(outbox);
  }
  return phase;
}

async function pglitePhase(settings: OpenLoopSettings): Promise<PhaseFigures> {
  const phase: PhaseFigures = { database: 'PGlite', rate: settings.pgliteRate, runs: [], notes: [] };
  log(
    `\n== PGlite, ${settings.pgliteInvoices.toLocaleString('en-US')} invoices of ${BENCH_CUSTOMER}, open loop at ${settings.pgliteRate} req/s ==`,
  );
  const dir = makeTempDir('portal-bench-pglite-');
  const dataDir = join(dir, 'data');
  try {
    await runSeedCli({ DATA_DIR: dataDir }, settings.pgliteInvoices);
    const db = await createDatabase({ dataDir });
    try {
      await sql`vacuum analyze`.execute(db);
      const version = await sql<{ version: string }>`select version()`.execute(db);
      phase.version = `PGlite ${(version.rows[0]?.version ?? '?').split(' on ')[0]}`;
      phase.invoices = settings.pgliteInvoices;
    } finally {
      await db.destroy();
    }
    // A PGlite data directory belongs to one process: the baseline server gets a copy.
    let baselineEnv: Record<string, string> | undefined;
    if (settings.baseline) {
      cpSync(dataDir, join(dir, 'baseline-data'), { recursive: true });
      baselineEnv = { DATA_DIR: join(dir, 'baseline-data'), OUTBOX_DIR: join(dir, 'baseline-outbox') };
    }
    phase.notes.push(
      `load average (1, 5, 15 min) before the load: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    await measure(phase, settings, { DATA_DIR: dataDir, OUTBOX_DIR: join(dir, 'outbox') }, baselineEnv, false);
  } catch (error) {
    phase.error = error instanceof Error ? error.message : String(error);
    console.error(`  PGlite phase failed: ${error instanceof Error ? error.stack : error}`);
  } finally {
    removeTempDir(dir);
  }
  return phase;
}

/** The figures of one variant of a phase: the median of its rounds for each figure. */
function summaryRow(phase: PhaseFigures, variant: Variant): string | undefined {
  const results = phase.runs.filter((run) => run.variant === variant).map((run) => run.result);
  if (results.length === 0) return undefined;
  const pick = (figure: (result: OpenLoopResult) => number) => median(results.map(figure));
  const sum = (figure: (result: OpenLoopResult) => number) => results.reduce((total, result) => total + figure(result), 0);
  const database = pick((result) => result.databaseCpuMsPerRequest ?? NaN);
  return (
    `| ${phase.database}${phase.runs.some((run) => run.variant === 'baseline') ? ` (${variant})` : ''} | ${(phase.invoices ?? 0).toLocaleString('en-US')} (${(phase.listed ?? 0).toLocaleString('en-US')}) ` +
    `| ${phase.rate} | ${results.length} | ${fixed(
      pick((result) => result.throughput),
      1,
    )} | ${fixed(
      pick((result) => result.p50),
      1,
    )} | ${fixed(
      pick((result) => result.p99),
      1,
    )} ` +
    `| ${sum((result) => result.non2xx + result.errors + result.timeouts)} | ${fixed(
      pick((result) => result.serverCpuMsPerRequest),
      2,
    )} | ${fixed(database, 2)} ` +
    `| ${fixed(
      pick((result) => result.generatorCpuMsPerRequest),
      3,
    )} | ${results.map((result) => result.loadAverage.split(' ')[0]).join(', ')} |`
  );
}

export function openLoopSection(started: Date, host: Machine, settings: OpenLoopSettings, phases: PhaseFigures[]): string {
  const rows = phases.flatMap((phase) =>
    [summaryRow(phase, 'baseline'), summaryRow(phase, 'current')].filter((row): row is string => row !== undefined),
  );
  const targets = phases.flatMap((phase) => {
    const current = phase.runs.filter((run) => run.variant === 'current').map((run) => run.result);
    if (current.length === 0) return [`${phase.database}: not measured (${phase.error ?? 'no runs'})`];
    const p99 = median(current.map((result) => result.p99));
    const failures = current.reduce((total, result) => total + result.non2xx + result.errors + result.timeouts, 0);
    const cpu = median(current.map((result) => result.serverCpuMsPerRequest));
    return [
      `${phase.database} at ${phase.rate} req/s: p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'OK' : 'MISSED'} (${fixed(p99, 1)} ms); no errors: ${failures === 0 ? 'OK' : 'MISSED'} (${failures}); server CPU ≤ ${TARGET_CPU_MS} ms per request: ${cpu <= TARGET_CPU_MS ? 'OK' : 'MISSED'} (${fixed(cpu, 2)} ms)`,
    ];
  });
  const each = phases.flatMap((phase) =>
    phase.runs.map(
      ({ variant, result }, index) =>
        `${phase.database} ${variant} run ${index + 1}: throughput ${result.throughput.toFixed(1)} req/s, p50 ${fixed(result.p50, 1)} / p99 ${fixed(result.p99, 1)} / max ${fixed(result.max)} ms, ` +
        `server ${fixed(result.serverCpuMsPerRequest, 2)} ms CPU/request (${fixed(result.serverCores, 2)} cores), generator ${fixed(result.generatorCores, 2)} cores, send lag p99 ${fixed(result.sendLagP99, 1)} ms, unanswered at the end ${result.unanswered}, load average ${result.loadAverage}`,
    ),
  );
  return [
    '',
    `## Open loop (\`npm run bench:api -- --open-loop\`), ${started.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    `Requests leave at a fixed rate by the clock whether or not earlier ones were answered (bench/lib/open-loop.ts); latency counts from the moment a request was due. ` +
      `${settings.warmupSeconds} s warm-up at the same rate, then ${settings.seconds} s measured${settings.rounds > 1 ? `, ${settings.rounds} rounds alternating baseline (${settings.baseline}) and current, medians of the rounds` : ''}. ` +
      `The machine was shared (other agents' builds and tests ran beside it): the load average at the end of each round is printed beside it.`,
    `Machine: nproc ${host.nproc} (${host.cpu}), ${host.memoryGb} GiB; Node ${host.node}; ${phases.flatMap((phase) => (phase.version ? [phase.version] : [])).join('; ')}; load average at start ${host.loadAverage}.`,
    '',
    '| database | invoices (Billed listed) | offered req/s | rounds | throughput req/s | p50 ms | p99 ms | errors (non-2xx, network, timeouts) | server CPU ms/req | PostgreSQL CPU ms/req | generator CPU ms/req | load average (1 min) per round |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    'Targets:',
    '',
    ...targets.map((target) => `- ${target}`),
    '',
    'Notes:',
    '',
    '- server CPU: utime + stime of the server process (/proc/<pid>/stat) over the measured window ÷ 2xx answers in it; PostgreSQL CPU: the same for every `postgres` process of the machine (an upper bound: other databases of the cluster count too); generator CPU: process.cpuUsage of the load generator ÷ requests sent.',
    ...phases.flatMap((phase) => phase.notes.map((note) => `- ${phase.database}: ${note}`)),
    ...each.map((line) => `- ${line}`),
    '',
  ].join('\n');
}

/** Runs the open-loop phases; returns the figures (the caller prints and records them). */
export async function runOpenLoopBench(settings: OpenLoopSettings): Promise<PhaseFigures[]> {
  const phases: PhaseFigures[] = [];
  if (settings.only !== 'pglite') phases.push(await postgresPhase(settings));
  if (settings.only !== 'postgres') phases.push(await pglitePhase(settings));
  return phases;
}
