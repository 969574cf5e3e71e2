import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { JobRunner, type JobHandler, type JobRunnerOptions, type JobScheduler } from '../jobs/runner.ts';
import type { TenantStore } from '../tenants/store.ts';
import { AUTOPAY_JOB, autopaySweepJob, scheduleAutopaySweeps } from './autopay.ts';
import { SETTLE_JOB } from './service.ts';
import { scheduleMissingSettlements, settleJob } from './settlement.ts';

/**
 * The server's job runner with the payment jobs: settlements and the daily AutoPay sweep.
 * server/main.ts starts it with a poll interval; tests call tick() after moving the clock.
 */
export function paymentJobRunner(
  deps: { db: Database; clock: Clock; tenants: TenantStore },
  // One runner serves one jobs table, so it must know every kind: others (account recovery mail) come in here.
  {
    handlers: moreHandlers = {},
    schedulers: moreSchedulers = [],
    ...options
  }: Pick<JobRunnerOptions, 'onError'> & { handlers?: Readonly<Record<string, JobHandler>>; schedulers?: readonly JobScheduler[] } = {},
): JobRunner {
  let reconciledDay = '';
  return new JobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers: { ...moreHandlers, [SETTLE_JOB]: settleJob, [AUTOPAY_JOB]: autopaySweepJob(deps.tenants) },
    schedulers: [
      ...moreSchedulers,
      scheduleAutopaySweeps(deps.db, deps.tenants),
      // Once per process and day is enough: payments written here get their job with them.
      async (now) => {
        const day = now.toISOString().slice(0, 10);
        if (day === reconciledDay) return;
        await scheduleMissingSettlements(deps.db);
        reconciledDay = day;
      },
    ],
    ...options,
  });
}
