import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { enqueueJob, JobRunner, type JobHandler } from './runner.ts';

let db: Database;
beforeAll(async () => {
  db = await createDatabase({ dataDir: 'memory://' });
  await migrateToLatest(db);
}, 60_000);
afterAll(async () => {
  await db?.destroy();
});

const job = (dedupeKey: string) => db.selectFrom('jobs').selectAll().where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow();

describe('job runner', () => {
  it('runs a job when the injected clock reaches run_at, once', async () => {
    const clock = new ManualClock('2026-11-23T15:00:00Z');
    const seen: unknown[] = [];
    const runner = new JobRunner({
      db,
      clock,
      handlers: {
        note: async (payload) => {
          seen.push(payload);
        },
      },
    });
    await enqueueJob(db, { kind: 'note', payload: { n: 1 }, runAt: new Date('2026-11-24T15:00:00Z'), dedupeKey: 'note:1' });
    await enqueueJob(db, { kind: 'note', payload: { n: 2 }, runAt: new Date('2026-11-24T15:00:00Z'), dedupeKey: 'note:1' });

    expect(await runner.tick()).toBe(0);
    clock.advanceDays(1);
    expect(await runner.tick()).toBe(1);
    expect(await runner.tick()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await job('note:1')).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('retries a failing job with back-off, keeps the last error, and gives up after maxAttempts', async () => {
    const clock = new ManualClock('2026-11-23T15:00:00Z');
    let calls = 0;
    const failing: JobHandler = async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    };
    const runner = new JobRunner({ db, clock, handlers: { failing }, maxAttempts: 2 });
    await enqueueJob(db, { kind: 'failing', payload: {}, runAt: clock.now(), dedupeKey: 'failing:1' });

    expect(await runner.runDue()).toBe(1);
    expect(await job('failing:1')).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(await runner.runDue()).toBe(0); // not before the back-off
    clock.advanceMinutes(1);
    expect(await runner.runDue()).toBe(1);
    expect(await job('failing:1')).toMatchObject({ status: 'failed', attempts: 2, last_error: 'boom 2' });
    clock.advanceDays(1);
    expect(await runner.runDue()).toBe(0);
  });

  it('fails a job of an unknown kind at once', async () => {
    const clock = new ManualClock('2026-11-23T15:00:00Z');
    const runner = new JobRunner({ db, clock, handlers: {} });
    await enqueueJob(db, { kind: 'mystery', payload: {}, runAt: clock.now(), dedupeKey: 'mystery:1' });
    await runner.runDue();
    expect(await job('mystery:1')).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('lets another process reclaim a job whose lease expired (its owner died)', async () => {
    const clock = new ManualClock('2026-11-23T15:00:00Z');
    await enqueueJob(db, { kind: 'note', payload: {}, runAt: clock.now(), dedupeKey: 'lease:1' });
    await db
      .updateTable('jobs')
      .set({ status: 'running', run_at: new Date('2026-11-23T15:05:00Z') })
      .where('dedupe_key', '=', 'lease:1')
      .execute();
    const runner = new JobRunner({ db, clock, handlers: { note: async () => {} } });
    expect(await runner.runDue()).toBe(0);
    clock.advanceMinutes(6);
    expect(await runner.runDue()).toBe(1);
    expect(await job('lease:1')).toMatchObject({ status: 'done' });
  });

  it('runs schedulers before due jobs and stops cleanly', async () => {
    const clock = new ManualClock('2026-11-23T15:00:00Z');
    const ran: string[] = [];
    const runner = new JobRunner({
      db,
      clock,
      handlers: {
        daily: async (payload) => {
          ran.push(String(payload.day));
        },
      },
      schedulers: [
        async (now) =>
          enqueueJob(db, {
            kind: 'daily',
            payload: { day: now.toISOString().slice(0, 10) },
            runAt: now,
            dedupeKey: `daily:${now.toISOString().slice(0, 10)}`,
          }),
      ],
    });
    runner.start(10);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await runner.stop();
    expect(ran).toEqual(['2026-11-23']);
  });
});
