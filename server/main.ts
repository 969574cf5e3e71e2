import { buildApp } from './app.ts';
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
import { loadTenants } from './tenants/store.ts';

async function main(): Promise<void> {
  const config = readServerConfig();
  // Configuration errors stop the server before it opens a port, naming file and pointer.
  const tenants = loadTenants(config.tenantsDir);
  const policy = loadPolicy();
  const db = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  if (await isDatabaseEmpty(db)) {
    console.log('Empty database: seeding the demo tenant…');
    await seedDemo(db);
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir });
  const app = await buildApp({
    db, tenants, policy, clock: systemClock, mailer,
    staticDir: config.staticDir,
    logLevel: config.logLevel,
    reconcileCardIntentsOnStart: true,
    trustProxy: config.trustProxy,
    loadShedding: config.loadShedding,
  });
  // Settlements, the daily AutoPay sweep and account recovery mail run in this process; JOB_POLL_MS sets how often it looks.
  const jobs = paymentJobRunner({ db, tenants, clock: systemClock }, {
    handlers: { ...recoveryJobHandlers({ tenants, mailer }), ...rejectionJobHandlers, ...disputeJobHandlers({ mailer }) },
    schedulers: [scheduleDisputeExpiry(db)],
    onError: (error, job) => app.log.error({ err: error, job }, 'job failed'),
  });
  const shutdown = async () => {
    await jobs.stop();
    await app.close();
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
