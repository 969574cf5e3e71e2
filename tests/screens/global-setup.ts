import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPortal, startPortalServer } from '../support/portal-server.ts';
import { SNAPSHOT_TODAY } from './matrix.ts';

/**
 * Screen snapshots run against the built portal on the real server, like the browser tests,
 * but on a demo seed anchored at a fixed day (server clock included), so relative dates and
 * ages are the same on every run. Its own build directory: the browser project may build
 * dist-e2e at the same time.
 */
export default async function setup(project: TestProject) {
  // SCREENS_STATIC_DIR: snapshot an existing build (e.g. to compare two runs of the same sources);
  // PORTAL_TEST_BUILD: the build `npm test` made once for this suite and the browser's (scripts/test.mjs).
  const prebuilt = process.env.SCREENS_STATIC_DIR ?? process.env.PORTAL_TEST_BUILD;
  const dist = prebuilt ?? mkdtempSync(join(tmpdir(), 'portal-screens-'));
  if (!prebuilt) buildPortal(dist);
  const server = await startPortalServer({ staticDir: dist, today: SNAPSHOT_TODAY });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.close();
    if (!prebuilt) rmSync(dist, { recursive: true, force: true });
  };
}
