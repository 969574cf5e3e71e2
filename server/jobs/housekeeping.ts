import type { TenantStore } from '../tenants/store.ts';
import type { Database } from '../db/database.ts';
import { purgeSpentBudgets } from '../http/budgets.ts';
import { enqueueJob, type JobHandler, type JobScheduler } from './runner.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';

/** Once an hour, whichever process ticks first (the dedupe key is the hour). */
export function scheduleHousekeeping(db: Database): JobScheduler {
  return async (now) => {
    const hour = now.toISOString().slice(0, 13);
    await enqueueJob(db, { kind: HOUSEKEEPING_JOB, payload: { hour }, runAt: now, dedupeKey: `${HOUSEKEEPING_JOB}:${hour}` });
  };
}

/**
 * Removes what has expired (issue 22 item 13): sessions past their tenant's idle or absolute
 * timeout, which no request can use any more (the lookup already refuses them) but whose rows
 * would otherwise pile up, and budget windows that have ended. Returns what it removed.
 */
export async function removeExpired(db: Database, tenants: TenantStore, now: Date): Promise<{ sessions: number; budgets: number }> {
  let sessions = 0;
  for (const tenant of tenants.tenants) {
    const { idleMinutes, absoluteMinutes } = tenant.limits.session;
    const idleSince = new Date(now.getTime() - idleMinutes * 60_000);
    const createdBefore = new Date(now.getTime() - absoluteMinutes * 60_000);
    const removed = await db
      .deleteFrom('sessions')
      .where('tenant_id', '=', tenant.id)
      .where((eb) => eb.or([eb('last_seen_at', '<', idleSince), eb('created_at', '<', createdBefore)]))
      .executeTakeFirst();
    sessions += Number(removed.numDeletedRows);
  }
  return { sessions, budgets: await purgeSpentBudgets(db) };
}

export function housekeepingJobHandlers(tenants: TenantStore): Record<string, JobHandler> {
  return {
    [HOUSEKEEPING_JOB]: async (_payload, { db, clock }) => {
      await removeExpired(db, tenants, clock.now());
    },
  };
}
