import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its seeded embedded databases (tests/support/seeded-databases.ts), and the card key they were sealed with. */
    seededDatabases: { dir: string; cardKeys: string };
  }
}

/**
 * One folder per run, so a seeded database never outlives the code that seeded it; one card key
 * per run, so every worker can open the card numbers another worker's seed sealed.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-seeded-'));
  project.provide('seededDatabases', { dir, cardKeys: `test-run:${randomBytes(32).toString('base64')}` });
  return () => rmSync(dir, { recursive: true, force: true });
}
