/**
 * An open-loop load (issue 25): requests leave at a fixed arrival rate, scheduled by the clock, and
 * the generator never waits for an answer before sending the next one. A slow server therefore
 * cannot slow the load down (autocannon's closed loop of N connections does: each connection waits
 * for its answer, so a server at its limit is offered less). Latency is measured from the moment a
 * request was *due*, not from when it actually left, so a generator that falls behind its schedule
 * (a busy shared machine) shows up in the figures instead of hiding there.
 *
 * Beside latency: the server's CPU time per answered request (utime + stime of its process from
 * /proc/<pid>/stat over the measured window), the database's (the PostgreSQL backends' CPU, when
 * the server talks to PostgreSQL) and the load generator's own (process.cpuUsage of this process).
 */
import { Agent, request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { assertLoopback } from './load.ts';
import { invoicePath, pageOf } from './queries.ts';

const JSON_API = 'application/vnd.api+json';
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;
/** An answer later than this counts as a timeout (an error), and its socket is dropped. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface OpenLoopResult {
  /** Requests/s offered, and the measured window. */
  rate: number;
  seconds: number;
  /** Requests scheduled in the window, and how many of them got any answer before the end. */
  scheduled: number;
  answered: number;
  /** 2xx answers per second of the window (the throughput). */
  throughput: number;
  /** Latency from the due time, milliseconds, over the 2xx answers. */
  p50: number;
  p99: number;
  max: number;
  /** non-2xx answers, network errors, timeouts, and requests still unanswered at the end. */
  non2xx: number;
  errors: number;
  timeouts: number;
  unanswered: number;
  /** How late the generator sent requests behind their schedule (p99, ms): its own saturation. */
  sendLagP99: number;
  /** Server CPU (ms) per 2xx answer; the database's, when measured; the load generator's. */
  serverCpuMsPerRequest: number;
  databaseCpuMsPerRequest?: number;
  generatorCpuMsPerRequest: number;
  /** CPU share (1 = one core) of the server and of the generator over the window. */
  serverCores: number;
  generatorCores: number;
  loadAverage: string;
}

/** CPU time (ms, user + system) of a process from /proc/<pid>/stat; undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) of each PostgreSQL server process on this machine, by pid. Compare two readings
 * with postgresCpuSince: backends that exit in between take their CPU time with them, so only the
 * processes alive at the end are counted (the server's pool keeps its connections open). Other
 * users of the same PostgreSQL (other databases) are counted too: an upper bound on a shared machine.
 */
export function postgresCpuMs(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const cpu = processCpuMs(Number(entry));
    if (cpu !== undefined) byPid.set(Number(entry), cpu);
  }
  return byPid;
}

/** CPU (ms) the PostgreSQL processes alive now spent since `before` (a process started since counts whole). */
export function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of postgresCpuMs()) total += cpu - (before.get(pid) ?? 0);
  return total;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
}

type Outcome = { kind: 'ok'; latency: number } | { kind: 'non2xx' | 'error' | 'timeout' };

/** One GET of page `page`; resolves with how it ended, latency counted from `dueAt`. */
function send(agent: Agent, url: URL, cookie: string, page: number, dueAt: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const outgoing = request(
      { agent, host: url.hostname, port: url.port, path: invoicePath(page), method: 'GET', headers: { accept: JSON_API, cookie } },
      (response) => {
        // Read the whole body: the answer is complete only when its last byte arrived.
        response.on('data', () => {});
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve(status >= 200 && status < 300 ? { kind: 'ok', latency: performance.now() - dueAt } : { kind: 'non2xx' });
        });
        response.on('error', () => resolve({ kind: 'error' }));
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => {
      outgoing.destroy();
      resolve({ kind: 'timeout' });
    });
    outgoing.on('error', () => resolve({ kind: 'error' }));
    outgoing.end();
  });
}

/**
 * Sends GET /invoices (pages cycling 1..200) at `rate` per second for `seconds`, after `warmupSeconds`
 * at the same rate that are not counted. `serverPid`: the process whose CPU is charged to the requests;
 * `measureDatabase`: also charge the PostgreSQL backends' CPU.
 */
export async function runOpenLoop(options: {
  baseUrl: string;
  cookie: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  serverPid: number;
  measureDatabase?: boolean;
}): Promise<OpenLoopResult> {
  assertLoopback(options.baseUrl);
  const url = new URL(options.baseUrl);
  // Enough sockets that a request never waits for a free one: an open loop sends regardless.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });
  const interval = 1000 / options.rate;
  const warmupCount = Math.round(options.warmupSeconds * options.rate);
  const total = warmupCount + Math.round(options.seconds * options.rate);
  const measured: Array<Promise<Outcome>> = [];
  const sendLags: number[] = [];
  let index = 0;
  let windowStart = 0;
  let cpuAtStart = { server: 0, database: new Map<number, number>(), generator: process.cpuUsage() };
  const started = performance.now();

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now leaves now, however late the timer fired: the schedule is the clock's.
      while (index < total && started + index * interval <= now) {
        const dueAt = started + index * interval;
        if (index === warmupCount) {
          windowStart = dueAt;
          cpuAtStart = {
            server: processCpuMs(options.serverPid) ?? 0,
            database: options.measureDatabase ? postgresCpuMs() : new Map<number, number>(),
            generator: process.cpuUsage(),
          };
        }
        const outcome = send(agent, url, options.cookie, pageOf(index), dueAt);
        if (index >= warmupCount) {
          measured.push(outcome);
          sendLags.push(now - dueAt);
        }
        index += 1;
      }
      if (index >= total) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, started + index * interval - performance.now()));
    };
    tick();
  });

  // The window ends one interval after the last request was due; what is unanswered then is counted as such.
  const windowEnd = windowStart + options.seconds * 1000;
  const settled: Array<Outcome | undefined> = measured.map(() => undefined);
  measured.forEach(
    (outcome, position) =>
      void outcome.then((value) => {
        settled[position] = value;
      }),
  );
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowEnd - performance.now())));
  const serverCpu = (processCpuMs(options.serverPid) ?? NaN) - cpuAtStart.server;
  const databaseCpu = options.measureDatabase ? postgresCpuSince(cpuAtStart.database) : undefined;
  const generator = process.cpuUsage(cpuAtStart.generator);
  const windowMs = performance.now() - windowStart;
  const loadAverage = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  // What had been answered when the window closed (a copy: the answers still to come fill `settled`).
  const answeredInWindow = settled.filter((outcome) => outcome !== undefined);
  const okInWindow = answeredInWindow.filter((outcome) => outcome.kind === 'ok').length;
  // Requests answered after the window still count for latency (a late answer is a slow one), up to the timeout.
  const outcomes = await Promise.all(measured);
  agent.destroy();

  const latencies = outcomes.flatMap((outcome) => (outcome.kind === 'ok' ? [outcome.latency] : [])).sort((a, b) => a - b);
  const count = (kind: Outcome['kind']) => outcomes.filter((outcome) => outcome.kind === kind).length;
  const generatorCpu = (generator.user + generator.system) / 1000;
  return {
    rate: options.rate,
    seconds: windowMs / 1000,
    scheduled: measured.length,
    answered: answeredInWindow.length,
    throughput: okInWindow / (windowMs / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    non2xx: count('non2xx'),
    errors: count('error'),
    timeouts: count('timeout'),
    unanswered: measured.length - answeredInWindow.length,
    sendLagP99: percentile(
      [...sendLags].sort((a, b) => a - b),
      0.99,
    ),
    serverCpuMsPerRequest: serverCpu / Math.max(1, okInWindow),
    ...(databaseCpu === undefined ? {} : { databaseCpuMsPerRequest: databaseCpu / Math.max(1, okInWindow) }),
    generatorCpuMsPerRequest: generatorCpu / Math.max(1, measured.length),
    serverCores: serverCpu / windowMs,
    generatorCores: generatorCpu / windowMs,
    loadAverage,
  };
}
