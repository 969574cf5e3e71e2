/** Figures, targets, the summary table and bench/RESULTS.md. */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import type { LoadResult } from './load.ts';
import type { RawResult } from './raw.ts';

export const TARGET_RATIO = 0.5;
export const TARGET_RSS_MB = 300;
export const TARGET_P99_MS = 50;

export interface PhaseResult {
  database: 'PostgreSQL' | 'PGlite';
  /** Server version of the database (select version()). */
  version?: string;
  /** Invoices of C-9000, and the Billed ones the list pages through (meta.page.total). */
  invoices?: number;
  listed?: number;
  api?: LoadResult;
  raw?: RawResult;
  peakRssMb?: number;
  /** API page 1 and the raw statements' page 1 returned the same trx_ids and total. */
  sameRows?: boolean;
  notes: string[];
  error?: string;
}

export interface Target {
  name: string;
  holds: boolean;
  detail: string;
}

export function targets(phase: PhaseResult): Target[] {
  if (!phase.api || !phase.raw || phase.peakRssMb === undefined) {
    return [{ name: 'completed', holds: false, detail: phase.error ?? 'phase did not complete' }];
  }
  const failures = phase.api.non2xx + phase.api.errors + phase.api.timeouts;
  const ratio = phase.api.rps / phase.raw.rps;
  return [
    {
      name: 'non-2xx = 0',
      holds: failures === 0,
      detail: `${phase.api.non2xx} non-2xx, ${phase.api.errors} errors, ${phase.api.timeouts} timeouts`,
    },
    { name: `p99 < ${TARGET_P99_MS} ms`, holds: phase.api.p99 < TARGET_P99_MS, detail: `${phase.api.p99.toFixed(0)} ms` },
    { name: `API/raw ≥ ${TARGET_RATIO}`, holds: ratio >= TARGET_RATIO, detail: ratio.toFixed(2) },
    { name: `peak RSS < ${TARGET_RSS_MB} MB`, holds: phase.peakRssMb < TARGET_RSS_MB, detail: `${phase.peakRssMb.toFixed(0)} MB` },
  ];
}

export interface Machine {
  nproc: string;
  cpu: string;
  memoryGb: string;
  node: string;
  loadAverage: string;
}

export function machine(): Machine {
  let nproc: string;
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    nproc = String(availableParallelism());
  }
  return {
    nproc,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: (totalmem() / 2 ** 30).toFixed(0),
    node: process.version,
    loadAverage: loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
  };
}

const fixed = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
const thousands = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString('en-US'));

export function summaryTable(phases: PhaseResult[]): string {
  const lines = [
    '| database | invoices (Billed listed) | API req/s | p50 ms | p99 ms | non-2xx | raw req/s | raw p50 / p99 ms | API/raw | peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const phase of phases) {
    const ratio = phase.api && phase.raw ? phase.api.rps / phase.raw.rps : undefined;
    lines.push(
      `| ${phase.database} | ${thousands(phase.invoices)} (${thousands(phase.listed)}) | ${fixed(phase.api?.rps, 1)} | ${fixed(phase.api?.p50)} | ${fixed(phase.api?.p99)} | ${phase.api ? phase.api.non2xx : '–'} | ${fixed(phase.raw?.rps, 1)} | ${fixed(phase.raw?.p50, 1)} / ${fixed(phase.raw?.p99, 1)} | ${fixed(ratio, 2)} | ${fixed(phase.peakRssMb)} |`,
    );
  }
  return lines.join('\n');
}

export function targetLines(phases: PhaseResult[]): string[] {
  return phases.flatMap((phase) =>
    targets(phase).map((target) => `- ${phase.database}: ${target.name}: ${target.holds ? 'OK' : 'MISSED'} (${target.detail})`),
  );
}

const HEADER = `# API benchmark results

Written by \`npm run bench:api\` (\`bench/api.ts\`); every run appends a dated section.

What each run does: the real server (\`server/main.ts\`, one node process) is started on
127.0.0.1, the demo \`admin\` signs in and selects customer C-9000, and the paged invoice list
\`GET /invoices?filter[buid_customer]=C-9000&filter[status]=Billed&filter[sort]=due_date|asc&page[size]=50&page[number]=1..200\`
(page numbers cycling) is loaded by autocannon with 64 keep-alive connections: 5 s warm-up,
then 20 s measured. PostgreSQL runs on 1,000,000 invoices of C-9000 (database \`portal_bench\`),
PGlite on 100,000 (a temporary data directory), each after \`ANALYZE\`.

| figure | meaning |
|---|---|
| invoices (Billed listed) | invoices of C-9000; in brackets the Billed ones the list pages through (\`meta.page.total\`) |
| API req/s | responses completed inside the measured 20 s, per second (requests still in flight at the end are not counted; after the warm-up the server works off the requests autocannon abandoned before the measured run starts) |
| p50 / p99 ms | latency percentiles of those responses (autocannon, milliseconds; target p99 < ${TARGET_P99_MS}) |
| non-2xx | responses that were not 2xx (must be 0; errors and timeouts are counted with them in the targets) |
| raw req/s | the raw floor: the route's own database work for each page — \`fetchInvoicePage\` of \`server/invoices/page.ts\` with the admin's scope, its own count cache and page boundaries (starting empty, as the server's do), on the server's driver and pool (prepared statements included) — with no HTTP, session or JSON. PostgreSQL: a pool of 64 connections, 64 concurrent loops; PGlite: the data directory opened in-process after the server stopped, one loop — 5 s warm-up, 20 s measured, counting as autocannon does only requests completed inside the window; one request = one page. (The sections up to 2026-11-23T05:00:23Z measured an earlier floor: the compiled statements through a bare \`pg\` Pool, keys and count, then rows.) |
| raw p50 / p99 ms | latency of one raw request (one page) |
| API/raw | API req/s ÷ raw req/s: what HTTP, session, authorization and JSON leave of the database's throughput (target ≥ ${TARGET_RATIO}) |
| peak RSS MB | VmHWM of the server process from \`/proc/<pid>/status\`, start-up included (target < ${TARGET_RSS_MB} MB) |

Load generator, server and database share the machine's cores, so figures are comparable only
between runs on the same machine with nothing else running.
`;

export function appendResults(file: string, started: Date, host: Machine, phases: PhaseResult[], extraNotes: string[]): void {
  if (!existsSync(file)) writeFileSync(file, HEADER);
  const versions = phases.flatMap((phase) => (phase.version ? [phase.version] : []));
  const notes = [...phases.flatMap((phase) => phase.notes.map((note) => `${phase.database}: ${note}`)), ...extraNotes];
  const section = [
    '',
    `## ${started.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    `Machine: nproc ${host.nproc} (${host.cpu}), ${host.memoryGb} GiB; Node ${host.node}; ${versions.join('; ')}; load average at start ${host.loadAverage}.`,
    '',
    summaryTable(phases),
    '',
    'Targets:',
    '',
    ...targetLines(phases),
    ...(notes.length > 0 ? ['', 'Notes:', '', ...notes.map((note) => `- ${note}`)] : []),
    '',
  ].join('\n');
  appendFileSync(file, section);
}
