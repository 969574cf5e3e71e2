import { execFileSync } from 'node:child_process';
import type { Tenant } from '../../domain/tenant.ts';
import { buildApp } from '../../server/app.ts';
import { recoveryJobHandlers } from '../../server/jobs/recovery-mail.ts';
import { disputeJobHandlers } from '../../server/disputes/expiry.ts';
import { applicationJobHandlers } from '../../server/applications/notify.ts';
import { JobRunner } from '../../server/jobs/runner.ts';
import { rejectionJobHandlers } from '../../server/jobs/rejection-resubmit.ts';
import { listeningUrl, snapshotJobHandlers } from '../../server/studio/snapshots/job.ts';
import { systemClock } from '../../server/clock.ts';
import { createDatabase, type Database } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { createMailer, MemoryMailer } from '../../server/mail/mailer.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import { createChangeFeed } from '../../server/db/change-feed.ts';
import { readTenantFiles } from '../../server/tenants/files.ts';
import { importTenantFiles, publishTenantRevision } from '../../server/tenants/revisions.ts';
import { publishedTenantStore, TenantSync } from '../../server/tenants/sync.ts';
import { TEST_OPERATOR_KEY } from './api.ts';

/** Builds the portal with Vite into `outDir` (quietly), and the operator studio beside it when asked (vite.studio.config.ts). */
export function buildPortal(outDir: string, extraArguments: string[] = [], options: { studio?: boolean } = {}): void {
  const build = (config: string[], into = outDir) =>
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', ...config, '--logLevel', 'error', '--outDir', into, ...extraArguments],
      // Vitest runs with NODE_ENV=test, which would make this a development build of React: the
      // browser tests and benchmarks serve what production serves.
      { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
  build([]);
  // The server's render of the first screen (issue 25, app/entry-server.tsx), beside the portal as `npm run build` puts it.
  build(['--ssr', 'app/entry-server.tsx'], `${outDir}/server`);
  if (options.studio) build(['-c', 'vite.studio.config.ts']);
}

/**
 * The real server with the built portal on a fresh in-memory demo database, listening on a
 * free loopback port. Used by the browser tests and the UI benchmarks.
 */
/**
 * `outboxDir`: write the emails the server sends as .eml files there (a browser test reads a
 * reset link from it); otherwise they are kept in memory. `prepare` adds to the seeded data.
 */
export async function startPortalServer(options: {
  staticDir: string;
  bigCustomerInvoices?: number;
  extraTenants?: Tenant[];
  today?: string;
  outboxDir?: string;
  prepare?: (db: Database) => Promise<void>;
}) {
  const db = await createDatabase({ dataDir: 'memory://' });
  await migrateToLatest(db);
  await seedDemo(db, { bigCustomerInvoices: options.bigCustomerInvoices ?? 12_000, ...(options.today ? { today: options.today } : {}) });
  await options.prepare?.(db);
  // A fixed `today` (screen snapshots) anchors the server's clock too: 15:00 UTC that day, running from there.
  const started = Date.now();
  const clock = options.today ? { now: () => new Date(Date.parse(`${options.today}T15:00:00Z`) + Date.now() - started) } : systemClock;
  // Tenants as main.ts serves them (issue 24): the files and the extra tenants published as
  // revisions, the store following each publish through the change feed, so the operator
  // studio's publish and rollback reach the portal under test.
  const feed = createChangeFeed({ db });
  await importTenantFiles(db, feed, readTenantFiles('tenants'));
  for (const tenant of options.extraTenants ?? [])
    await publishTenantRevision(db, feed, tenant.id, tenant, { source: 'operator', note: 'test tenant', createdBy: 'tests' });
  const tenants = await publishedTenantStore(db);
  const tenantSync = new TenantSync({ db, feed, store: tenants, intervalMs: 0 });
  await tenantSync.start();
  const mailer = options.outboxDir ? createMailer({ outboxDir: options.outboxDir }) : new MemoryMailer();
  const policy = loadPolicy();
  const app = await buildApp({
    db,
    clock,
    mailer,
    tenants,
    feed,
    policy,
    staticDir: options.staticDir,
    logLevel: 'warn',
    operatorKeys: [TEST_OPERATOR_KEY],
  });
  // Account recovery mail is a job (issue 12): run those. Not the payment jobs: the demo data's
  // payments must not be settled or swept under the browser tests (their jobs are not due anyway).
  // So are the rejection centre's resubmissions that outlast their request (issue 15), and the
  // dispute responses' mail to their contacts (issue 14), the credit applications' notices (issue 26)
  // and the studio's QA snapshot runs (issue 24).
  const recoveryJobs = new JobRunner({
    db,
    clock,
    handlers: {
      ...recoveryJobHandlers({ tenants, mailer }),
      ...rejectionJobHandlers,
      ...disputeJobHandlers({ mailer }),
      ...applicationJobHandlers({ mailer }),
      ...snapshotJobHandlers({ policy, ownUrl: () => listeningUrl(app.server.address()) }),
    },
  });
  recoveryJobs.start(200);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    tenants,
    async close() {
      await recoveryJobs.stop();
      await app.close();
      await tenantSync.close();
      await feed.close();
      await db.destroy();
    },
  };
}
