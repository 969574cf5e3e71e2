import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { resealCardNumbers, resolveCardKeys } from './cards/card-keys.ts';
import { setProcessKeyring } from './cards/pan-vault.ts';
import { isDatabaseUnavailable, untilDatabaseAnswers } from './db/availability.ts';
import { systemClock } from './clock.ts';
import { readServerConfig } from './config.ts';
import { closeDatabase, createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isDatabaseEmpty, seedDemo } from './db/seed.ts';
import { createMailer } from './mail/mailer.ts';
import { paymentJobRunner } from './payments/jobs.ts';
import { rejectionJobHandlers } from './jobs/rejection-resubmit.ts';
import { recoveryJobHandlers } from './jobs/recovery-mail.ts';
import { disputeJobHandlers, scheduleDisputeExpiry } from './disputes/expiry.ts';
import { loadPolicy } from './policy/load.ts';
import { housekeepingJobHandlers, scheduleHousekeeping } from './jobs/housekeeping.ts';
import { applicationJobHandlers } from './applications/notify.ts';
import { listeningUrl, snapshotJobHandlers } from './studio/snapshots/job.ts';
import { createChangeFeed } from './db/change-feed.ts';
import { shareSessionEvictions } from './auth/session-revocation.ts';
import { readTenantFiles } from './tenants/files.ts';
import { importTenantFiles } from './tenants/revisions.ts';
import { publishedTenantStore, TenantSync } from './tenants/sync.ts';

async function main(): Promise<void> {
  const config = readServerConfig();
  // Configuration errors stop the server before it opens a port, naming file and pointer.
  const tenantFiles = readTenantFiles(config.tenantsDir);
  const policy = loadPolicy();
  // Before the database opens: a PostgreSQL deployment without its own keys stops here.
  const cardKeys = resolveCardKeys({ keys: process.env.CARD_ENCRYPTION_KEYS, databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  setProcessKeyring(cardKeys);
  const db = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => console.warn(`Database connection lost (${error.message}); requests answer 503 until it is back`),
  });
  await untilDatabaseAnswers(
    () => sql`select 1`.execute(db),
    (error, retryInMs) => {
      console.warn(`Database unavailable (${error.message}); trying again in ${retryInMs / 1000} s`);
    },
  );
  await migrateToLatest(db);
  const { resealed, unopenable } = await resealCardNumbers(db, cardKeys);
  if (resealed > 0) console.log(`Sealed ${resealed} card numbers again with key ${cardKeys.currentId}.`);
  if (unopenable > 0)
    console.warn(
      `${unopenable} card numbers are sealed with a key CARD_ENCRYPTION_KEYS no longer lists; their full numbers cannot be shown.`,
    );
  if (await isDatabaseEmpty(db)) {
    console.log('Empty database: seeding the demo tenant…');
    await seedDemo(db);
  }
  // Tenants are served from their published revisions; a new or edited file becomes one (README, Tenants).
  const feed = createChangeFeed({ db, databaseUrl: config.databaseUrl });
  for (const { tenantId, revision } of await importTenantFiles(db, feed, tenantFiles)) {
    console.log(`Tenant ${tenantId}: imported its file as revision ${revision}`);
  }
  const tenants = await publishedTenantStore(db);
  // A sign-out, lock or password change here drops the cached session in every process at once;
  // sessions are kept (SESSION_CACHE_MS) only while this process hears the others' (issue 25).
  shareSessionEvictions(feed, db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir });
  const app = await buildApp({
    db,
    tenants,
    policy,
    clock: systemClock,
    mailer,
    feed,
    staticDir: config.staticDir,
    logLevel: config.logLevel,
    reconcileCardIntentsOnStart: true,
    trustProxy: config.trustProxy,
    loadShedding: config.loadShedding,
    operatorKeys: config.operatorKeys,
  });
  // Publishes by any process (an operator's, another instance's file import) reach this one's store.
  const tenantSync = new TenantSync({ db, feed, store: tenants, intervalMs: config.tenantSyncMs, log: app.log });
  await tenantSync.start();
  // Settlements, the daily AutoPay sweep and account recovery mail run in this process; JOB_POLL_MS sets how often it looks.
  const jobs = paymentJobRunner(
    { db, tenants, clock: systemClock },
    {
      handlers: {
        ...recoveryJobHandlers({ tenants, mailer }),
        ...rejectionJobHandlers,
        ...disputeJobHandlers({ mailer }),
        ...applicationJobHandlers({ mailer }),
        ...housekeepingJobHandlers(tenants),
        // The studio's QA snapshots render this process's own portal (issue 24).
        ...snapshotJobHandlers({
          policy,
          ownUrl: () => listeningUrl(app.server.address()),
          onError: (error) => app.log.warn({ err: error }, 'QA snapshot run failed'),
        }),
      },
      schedulers: [scheduleDisputeExpiry(db), scheduleHousekeeping(db)],
      onError: (error, job) => {
        // While the database is away every tick fails alike: one line each, no stack.
        if (isDatabaseUnavailable(error)) app.log.warn({ job, reason: (error as Error).message }, 'jobs paused: database unavailable');
        else app.log.error({ err: error, job }, 'job failed');
      },
    },
  );
  const shutdown = async () => {
    await jobs.stop();
    await app.close();
    await tenantSync.close();
    await feed.close();
    await closeDatabase(db);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  jobs.start(Number(process.env.JOB_POLL_MS ?? 5_000));
  console.log(`Portal and API on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
