import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleHousekeeping } from '../../server/jobs/housekeeping.ts';
import { startTestApi, type TestApi } from '../support/api.ts';
import { testJobRunner } from '../support/payments.ts';

/** Issue 22 item 13: expired sessions (and spent budget windows) are removed by a job. */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const sessionCount = async () =>
  Number(
    (
      await api.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('housekeeping job', () => {
  it("removes sessions past the tenant's idle or absolute timeout, keeps live ones, and spent budget windows", async () => {
    const { idleMinutes } = api.tenants.byId('demo')?.limits.session ?? { idleMinutes: 0 };
    const idle = api.client();
    expect((await idle.login('viewer')).statusCode).toBe(200);
    api.clock.advanceMinutes(idleMinutes + 1);
    const live = api.client();
    expect((await live.login('payer')).statusCode).toBe(200);
    await api.db
      .insertInto('request_budgets')
      .values([
        { key: 'spent', count: 3, window_ends: sql<Date>`now() - interval '1 minute'` as unknown as Date },
        { key: 'running', count: 2, window_ends: sql<Date>`now() + interval '1 minute'` as unknown as Date },
      ])
      .execute();
    const before = await sessionCount();

    await scheduleHousekeeping(api.db)(api.clock.now());
    // Scheduling twice in the hour adds one job.
    await scheduleHousekeeping(api.db)(api.clock.now());
    expect(await testJobRunner(api).runDue()).toBe(1);

    expect(await sessionCount()).toBeLessThan(before);
    const kept = await api.db.selectFrom('sessions').select('last_seen_at').execute();
    const idleSince = api.clock.now().getTime() - idleMinutes * 60_000;
    expect(kept.every((row) => new Date(row.last_seen_at).getTime() >= idleSince)).toBe(true);
    expect((await live.get('/self')).json().data.attributes.session_data.logged_in).toBe(true);
    const budgets = await api.db.selectFrom('request_budgets').select('key').where('key', 'in', ['spent', 'running']).execute();
    expect(budgets.map((row) => row.key)).toEqual(['running']);
  });
});
