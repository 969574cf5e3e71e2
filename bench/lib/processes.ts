/** Child processes of the benchmark: the seed CLI and the real API server, and the server's memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { stopChild, trackChild } from './cleanup.ts';
import { keyFilePath, resolveCardKeys } from '../../server/cards/card-keys.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The card key of the bench's databases, which are a deployment of their own: a PostgreSQL server
 * needs the deployment's key (server/cards/card-keys.ts), made at random once and kept in .bench-data.
 */
function benchCardKeys(): string {
  const dataDir = join(REPO_ROOT, '.bench-data', 'postgres');
  mkdirSync(dirname(dataDir), { recursive: true });
  resolveCardKeys({ keys: undefined, databaseUrl: undefined, dataDir });
  return readFileSync(keyFilePath(dataDir), 'utf8').trim();
}

/** The environment of a child: ours without database settings, plus `extra`. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'DB_POOL_SIZE', 'STATIC_DIR', 'OUTBOX_DIR', 'SMTP_URL']) delete env[key];
  if (extra.DATABASE_URL && !env.CARD_ENCRYPTION_KEYS) env.CARD_ENCRYPTION_KEYS = benchCardKeys();
  return { ...env, ...extra };
}

/**
 * `node --import tsx <script>`: one process (tsx's CLI would put a node process under itself),
 * so the pid is the server's own and /proc/<pid>/status is its memory.
 */
function spawnTs(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdio: 'inherit' | 'pipe',
  root = REPO_ROOT,
  nodeArgs: string[] = [],
): ChildProcess {
  return trackChild(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
      cwd: root,
      env: childEnv(env),
      stdio: ['ignore', stdio, stdio],
    }),
  );
}

/** Runs the seed CLI (`npm run seed -- --invoices N`), bounded by `timeoutMs`. */
export async function runSeedCli(env: Record<string, string>, invoices: number, timeoutMs = 30 * 60_000): Promise<void> {
  const child = spawnTs('server/db/seed-cli.ts', ['--invoices', String(invoices)], env, 'inherit');
  const timer = setTimeout(() => {
    console.error(`seed CLI still running after ${timeoutMs / 1000} s: stopping it`);
    void stopChild(child);
  }, timeoutMs);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  clearTimeout(timer);
  if (code !== 0) throw new Error(`seed CLI failed (exit ${code ?? signal})`);
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** VmHWM (peak resident set) and VmRSS of a process in KiB, from /proc; undefined once it is gone. */
export function readMemory(pid: number): { hwmKb: number; rssKb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { hwmKb: field('VmHWM'), rssKb: field('VmRSS') };
  } catch {
    return undefined;
  }
}

export interface ServerHandle {
  pid: number;
  baseUrl: string;
  /** Highest VmHWM seen so far (sampled every 250 ms and read once more on call), in KiB. */
  peakRssKb(): number;
  stop(): Promise<void>;
}

/**
 * Starts the real server (server/main.ts) on 127.0.0.1 and waits until it listens;
 * its output is passed through with a prefix (LOG_LEVEL=warn keeps it quiet).
 * `root`: the checkout whose server runs (another commit's, for a before/after comparison);
 * `nodeArgs`: extra node options (--cpu-prof and its directory, to profile the server).
 */
export async function startServer(
  env: Record<string, string>,
  readyTimeoutMs = 180_000,
  options: { root?: string; nodeArgs?: string[]; label?: string } = {},
): Promise<ServerHandle> {
  const port = await freePort();
  const label = options.label ?? 'server';
  const child = spawnTs(
    'server/main.ts',
    [],
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/nonexistent',
    },
    'pipe',
    options.root ?? REPO_ROOT,
    options.nodeArgs ?? [],
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('server did not start');
  let peakKb = 0;
  const sample = () => {
    const memory = readMemory(pid);
    if (memory && memory.hwmKb > peakKb) peakKb = memory.hwmKb;
  };
  const sampler = setInterval(sample, 250);
  sampler.unref();

  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`server not listening after ${readyTimeoutMs / 1000} s`)), readyTimeoutMs);
    const relay = (stream: NodeJS.ReadableStream | null, target: NodeJS.WriteStream) => {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          target.write(`  [${label}] ${line}\n`);
          if (line.includes('Portal and API on')) finish();
        }
      });
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.once('exit', (code, signal) => finish(new Error(`server exited before listening (exit ${code ?? signal})`)));
    child.once('error', (error) => finish(error));
  }).catch(async (error: unknown) => {
    clearInterval(sampler);
    await stopChild(child);
    throw error;
  });

  return {
    pid,
    baseUrl: `http://127.0.0.1:${port}`,
    peakRssKb() {
      sample();
      return peakKb;
    },
    async stop() {
      sample();
      clearInterval(sampler);
      await stopChild(child, 15_000);
    },
  };
}
