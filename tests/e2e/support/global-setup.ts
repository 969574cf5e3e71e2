import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Database } from '../../../server/db/database.ts';
import { loadTenants } from '../../../server/tenants/store.ts';
import { buildPortal, startPortalServer } from '../../support/portal-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A second server that leaves every page to the browser to render (PORTAL_SSR=0), for the cold-load test. */
    browserRenderedUrl: string;
    outboxDir: string;
  }
}

/**
 * A copy of the viewer, `resetter`, for the password-reset test: its new password cannot be
 * set back (the password history refuses it), and no other test signs in as it.
 */
async function addResetUser(db: Database): Promise<void> {
  const {
    user_id: viewerId,
    created_at: _created,
    ...viewer
  } = await db.selectFrom('users').selectAll().where('tenant_id', '=', 'demo').where('username', '=', 'viewer').executeTakeFirstOrThrow();
  const { user_id: userId } = await db
    .insertInto('users')
    .values({ ...viewer, username: 'resetter', email_address: 'resetter@demo.example' })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const customers = await db.selectFrom('user_customers').select('buid_customer').where('user_id', '=', viewerId).execute();
  await db
    .insertInto('user_customers')
    .values(customers.map(({ buid_customer }) => ({ user_id: userId, buid_customer })))
    .execute();
}

/** Browser tests run against the real thing: the built portal on the real server and database. */
export default async function setup(project: TestProject) {
  // With the operator studio beside it (issue 24, tests/e2e/studio.test.ts). PORTAL_TEST_BUILD:
  // a build of both that `npm test` made once for this suite and the screens' (scripts/test.mjs).
  const staticDir = process.env.PORTAL_TEST_BUILD ?? 'dist-e2e';
  if (!process.env.PORTAL_TEST_BUILD) buildPortal(staticDir, [], { studio: true });
  // A third tenant whose operator override breaks the landing screen: the portal must refuse
  // to render it and show the error page instead.
  const demo = loadTenants('tenants').byId('demo')!;
  const broken = {
    ...demo,
    id: 'broken',
    hosts: ['broken.localhost'],
    overrides: { screens: { landing: { body: [{ widget: 'heading' }] } } },
  };
  // The server's emails as files, so a test can follow a password-reset link.
  // The server's render of a first screen (issue 25) waits at most PORTAL_SSR_BUDGET_MS: the browser
  // tests check what it renders, on a machine busy with other suites, not how fast.
  process.env.PORTAL_SSR_BUDGET_MS ??= '10000';
  const outboxDir = mkdtempSync(join(tmpdir(), 'portal-e2e-outbox-'));
  const server = await startPortalServer({
    staticDir,
    extraTenants: [broken],
    outboxDir,
    prepare: addResetUser,
    bigCustomerInvoices: Number(process.env.E2E_BIG_CUSTOMER_INVOICES ?? 12_000),
  });
  // The shared server renders first screens on the server, as `npm start` does (issue 25); a second
  // one with PORTAL_SSR=0 serves the cold-load test's pages rendered in the browser alone.
  const before = process.env.PORTAL_SSR;
  process.env.PORTAL_SSR = '0';
  const browserRendering = await startPortalServer({ staticDir }).finally(() => {
    if (before === undefined) delete process.env.PORTAL_SSR;
    else process.env.PORTAL_SSR = before;
  });
  project.provide('baseUrl', server.url);
  project.provide('browserRenderedUrl', browserRendering.url);
  project.provide('outboxDir', outboxDir);
  return async () => {
    await Promise.all([server.close(), browserRendering.close()]);
    rmSync(outboxDir, { recursive: true, force: true });
  };
}
