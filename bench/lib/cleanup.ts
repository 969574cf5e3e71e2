/**
 * Everything the benchmark starts or creates is registered here, so that a normal end, an
 * error or Ctrl-C alike stop the child processes and remove the temporary directories.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export function trackChild<C extends ChildProcess>(child: C): C {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Waits for a child to exit; SIGTERM first, SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (running(child)) child.kill('SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

function killAllNow(): void {
  for (const child of children) if (running(child)) child.kill('SIGKILL');
}

function removeAllNow(): void {
  for (const dir of [...tempDirs]) {
    try {
      removeTempDir(dir);
    } catch {
      /* best effort at exit */
    }
  }
}

let installed = false;

/** Kills the children and removes the temp dirs on exit and on SIGINT/SIGTERM/SIGHUP. */
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.once('exit', () => {
    killAllNow();
    removeAllNow();
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the benchmark's processes and removing its temporary files…`);
      const stops = Promise.all([...children].map((child) => stopChild(child, 3_000)));
      const deadline = new Promise((resolve) => setTimeout(resolve, 4_000));
      void Promise.race([stops, deadline]).finally(() => {
        killAllNow();
        removeAllNow();
        process.exit(130);
      });
    });
  }
}
