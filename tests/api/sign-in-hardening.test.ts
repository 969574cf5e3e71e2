import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { ThrottleLimits } from '../../domain/tenant.ts';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { DEFAULT_LOGIN_LOCK, lockMinutes, throttleLimits } from '../../server/auth/sign-in-limits.ts';
import { DEMO_PASSWORD, errorCode, startTestApi, type TestApi } from '../support/api.ts';
import { testJobRunner } from '../support/payments.ts';
import { providerPage, ssoStart } from '../support/sso.ts';

// The real verification, watched: every sign-in path must run exactly one (issue 12: time tells nothing).
vi.mock('../../server/auth/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/auth/passwords.ts')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const demo = () => api.tenants.byId('demo')!;
const runJobs = () => testJobRunner(api).runDue();
const signIn = (username: string, password: string) => api.client().post('/auth/login', { username, password });
const userRow = (username: string) => api.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

/** Status, body and headers, without the ones that differ between any two answers (date, request timing). */
function answer(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers };
}

/** Runs `body` with the demo tenant's per-name budgets raised, for tests that fail one name many times. */
async function withThrottle(limits: Partial<ThrottleLimits>, body: () => Promise<void>): Promise<void> {
  const tenant = demo();
  const before = tenant.limits.throttle;
  tenant.limits.throttle = { ...throttleLimits(tenant), ...limits };
  try {
    await body();
  } finally {
    tenant.limits.throttle = before;
  }
}

describe('failed sign-ins all answer alike (issue 12, defect 4)', () => {
  beforeEach(() => {
    vi.mocked(verifyPassword).mockClear();
  });

  it('a wrong password, a locked user, an SSO user, a missing user and a paused user get one status, body and header set', async () => {
    await api.db
      .updateTable('users')
      .set({ login_locked_until: new Date(api.clock.now().getTime() + 60_000) })
      .where('username', '=', 'dealer')
      .execute();
    try {
      const answers = {
        wrongPassword: answer(await signIn('viewer', 'Wrong#2026')),
        lockedBySupport: answer(await signIn('locked', 'Wrong#2026')),
        ssoUser: answer(await signIn('ssouser', 'Wrong#2026')),
        missingUser: answer(await signIn('nobody-at-all', 'Wrong#2026')),
        pausedWithRightPassword: answer(await signIn('dealer', DEMO_PASSWORD)),
      };
      expect(answers.wrongPassword.status).toBe(401);
      expect(JSON.parse(answers.wrongPassword.body).errors[0].code).toBe(ErrorCode.credentialsInvalid);
      expect(JSON.parse(answers.wrongPassword.body).errors[0].meta).toBeUndefined();
      for (const [path, other] of Object.entries(answers)) expect(other, path).toEqual(answers.wrongPassword);
    } finally {
      await api.db.updateTable('users').set({ login_locked_until: null }).where('username', '=', 'dealer').execute();
    }
  });

  it('verifies one password hash on every path, so the time taken tells nothing', async () => {
    for (const [username, password] of [
      ['viewer', 'Wrong#2026'],
      ['locked', 'Wrong#2026'],
      ['ssouser', 'Wrong#2026'],
      ['nobody-at-all', 'Wrong#2026'],
      ['locked', DEMO_PASSWORD],
      ['viewer', DEMO_PASSWORD],
    ] as const) {
      vi.mocked(verifyPassword).mockClear();
      await signIn(username, password);
      expect(vi.mocked(verifyPassword), `${username}/${password}`).toHaveBeenCalledTimes(1);
    }
  });

  it('tells of the lock and of SSO only after the right password', async () => {
    expect(errorCode(await signIn('locked', DEMO_PASSWORD))).toBe(ErrorCode.lockedBySupport);
    expect(errorCode(await signIn('ssouser', DEMO_PASSWORD))).toBe(ErrorCode.ssoRequired);
  });
});

describe('the failed-sign-in lock is a temporary pause with a growing back-off (issue 12, defect 5)', () => {
  const failTimes = async (username: string, times: number) => {
    for (let attempt = 0; attempt < times; attempt += 1) expect((await signIn(username, 'Wrong#2026')).statusCode).toBe(401);
  };

  it("lasts the tenant's base minutes, then ends by itself", async () => {
    await withThrottle({ signInFailuresPerUsername: 1000 }, async () => {
      const { loginAttemptsBeforeLock: attempts } = demo().limits;
      const base = demo().limits.loginLock!.baseMinutes;
      await failTimes('corporate', attempts);
      expect(errorCode(await signIn('corporate', DEMO_PASSWORD))).toBe(ErrorCode.credentialsInvalid);
      api.clock.advanceMinutes(base - 1);
      expect(errorCode(await signIn('corporate', DEMO_PASSWORD))).toBe(ErrorCode.credentialsInvalid);
      api.clock.advanceMinutes(1);
      expect((await signIn('corporate', DEMO_PASSWORD)).statusCode).toBe(200);
      expect(await userRow('corporate')).toMatchObject({ failed_logins: 0, login_locks: 0, login_locked_until: null, lock_state: null });
    });
  });

  it('grows with each pause in a row (base × growth, capped) and starts over after a sign-in', async () => {
    await withThrottle({ signInFailuresPerUsername: 1000 }, async () => {
      const attempts = demo().limits.loginAttemptsBeforeLock;
      const lock = demo().limits.loginLock!;
      for (const pause of [1, 2, 3]) {
        await failTimes('safety', attempts);
        const minutes = lockMinutes(lock, pause);
        expect(minutes).toBe(lock.baseMinutes * lock.growthFactor ** (pause - 1));
        const row = await userRow('safety');
        expect(row.login_locks).toBe(pause);
        expect(new Date(row.login_locked_until!).getTime() - api.clock.now().getTime()).toBe(minutes * 60_000);
        api.clock.advanceMinutes(minutes - 1);
        expect(errorCode(await signIn('safety', DEMO_PASSWORD))).toBe(ErrorCode.credentialsInvalid);
        api.clock.advanceMinutes(1);
      }
      expect((await signIn('safety', DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await userRow('safety')).login_locks).toBe(0);
    });
    expect(lockMinutes(DEFAULT_LOGIN_LOCK, 20)).toBe(DEFAULT_LOGIN_LOCK.maxMinutes);
  });

  it("does not end the user's live sessions: nobody can sign a victim out by typing wrong passwords", async () => {
    await withThrottle({ signInFailuresPerUsername: 1000 }, async () => {
      const victim = api.client();
      await victim.loginWithCustomer('payer', 'C-1001');
      await failTimes('payer', demo().limits.loginAttemptsBeforeLock);
      expect((await userRow('payer')).login_locked_until).not.toBeNull();
      expect((await victim.get('/customers')).statusCode).toBe(200);
      await api.db.updateTable('users').set({ login_locked_until: null, login_locks: 0 }).where('username', '=', 'payer').execute();
    });
  });

  it('keeps the lasting lock states: wrong passwords neither lift nor change a lock by support', async () => {
    await withThrottle({ signInFailuresPerUsername: 1000 }, async () => {
      await failTimes('locked', demo().limits.loginAttemptsBeforeLock + 1);
      expect(await userRow('locked')).toMatchObject({ lock_state: 'locked_by_support', login_locked_until: null });
      expect(errorCode(await signIn('locked', DEMO_PASSWORD))).toBe(ErrorCode.lockedBySupport);
    });
  });
});

describe('per-username budgets (issue 12, defect 5)', () => {
  const expectTooMany = (response: LightMyRequestResponse) => {
    expect([response.statusCode, errorCode(response)]).toEqual([429, ErrorCode.tooManyRequests]);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('sign-in: 429 past the failures a minute for one name, from any address, for names that do not exist too', async () => {
    const budget = throttleLimits(demo()).signInFailuresPerUsername;
    // Each attempt from its own address: the per-address limit is not what answers.
    for (let attempt = 0; attempt < budget; attempt += 1) {
      expect((await signIn(attempt % 2 ? 'Ghost-User' : '  ghost-user ', 'guess')).statusCode).toBe(401);
    }
    expectTooMany(await signIn('ghost-user', 'guess'));
    expect((await signIn('another-ghost', 'guess')).statusCode).toBe(401);
  });

  it('sign-in: a burst of parallel guesses gets no more than the budget', async () => {
    const budget = throttleLimits(demo()).signInFailuresPerUsername;
    const answers = await Promise.all(Array.from({ length: budget * 2 }, (_, index) => signIn('burst-ghost', `guess-${index}`)));
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(budget);
    expect(codes.filter((code) => code === 429)).toHaveLength(budget);
  });

  it('sign-in: a real name is throttled the same way, even for the right password', async () => {
    const budget = throttleLimits(demo()).signInFailuresPerUsername;
    for (let attempt = 0; attempt < budget; attempt += 1) await signIn('viewer', `Wrong#${attempt}`);
    expectTooMany(await signIn('viewer', DEMO_PASSWORD));
    await api.db
      .updateTable('users')
      .set({ login_locked_until: null, login_locks: 0, failed_logins: 0 })
      .where('username', '=', 'viewer')
      .execute();
  });

  it("the local identity provider's password check spends the same failure budget as the sign-in", async () => {
    const budget = throttleLimits(demo()).signInFailuresPerUsername;
    // A second SSO user of the same group, whose name nothing else in this file has spent.
    const { user_id: _id, created_at: _created, ...sso } = await userRow('ssouser');
    await api.db
      .insertInto('users')
      .values({ ...sso, username: 'ssouser2', email_address: 'ssouser2@demo.example' })
      .execute();
    const browser = api.client();
    const { action } = await providerPage(browser, (await ssoStart(browser, 'ssouser2')).redirect);
    const guess = (password: string) =>
      browser.request('POST', action!, new URLSearchParams({ username: 'ssouser2', password }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    for (let attempt = 0; attempt < budget / 2; attempt += 1) expect((await guess(`Wrong#${attempt}`)).statusCode).toBe(401);
    for (let attempt = 0; attempt < budget / 2; attempt += 1) expect((await signIn('ssouser2', `Wrong#${attempt}`)).statusCode).toBe(401);
    expectTooMany(await guess(DEMO_PASSWORD));
    expectTooMany(await signIn('SSOuser2', DEMO_PASSWORD));
  });

  it('forgot-password and forgot-username: 429 past the requests a minute per name or address', async () => {
    const budget = throttleLimits(demo()).recoveryPerAccount;
    for (let attempt = 0; attempt < budget; attempt += 1) {
      expect((await api.client().post('/auth/forgot-password', { username: 'ghost-reset' })).statusCode).toBe(202);
      expect((await api.client().post('/auth/forgot-username', { email: 'Ghost@Example.com' })).statusCode).toBe(202);
    }
    expectTooMany(await api.client().post('/auth/forgot-password', { username: 'GHOST-reset' }));
    expectTooMany(await api.client().post('/auth/forgot-username', { email: 'ghost@example.com' }));
  });

  it('SSO start: 429 past the starts a minute per name', async () => {
    const budget = throttleLimits(demo()).ssoStartPerUsername;
    for (let attempt = 0; attempt < budget; attempt += 1) {
      expect((await api.client().post('/auth/sso/start', { username: 'ghost-sso' })).statusCode).toBe(200);
    }
    expectTooMany(await api.client().post('/auth/sso/start', { username: 'ghost-sso' }));
  });

  it('password re-entry for card numbers: 429 past the attempts a minute per user, across sessions', async () => {
    const budget = throttleLimits(demo()).reauthPerUser;
    const sessions = [api.client(), api.client()];
    for (const session of sessions) await session.loginWithCustomer('admin', 'C-1001');
    for (let attempt = 0; attempt < budget; attempt += 1) {
      expect((await sessions[attempt % 2]!.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    }
    expectTooMany(await sessions[0]!.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD }));
  });
});

describe('account recovery off the request path (issue 12, defects 4, 6 and 8)', () => {
  it('answers a real and a missing user alike and at once; the mail goes out when the job runs', async () => {
    const before = api.mailer.sent.length;
    const real = await api.client().post('/auth/forgot-password', { username: 'cardviewer' });
    const missing = await api.client().post('/auth/forgot-password', { username: 'nobody-here' });
    expect(answer(missing)).toEqual(answer(real));
    const realName = await api.client().post('/auth/forgot-username', { email: 'cardviewer@demo.example' });
    const missingName = await api.client().post('/auth/forgot-username', { email: 'nobody-here@demo.example' });
    expect(answer(missingName)).toEqual(answer(realName));
    expect(api.mailer.sent.length).toBe(before);
    await runJobs();
    expect(api.mailer.sent.slice(before).map((mail) => mail.to)).toEqual(['cardviewer@demo.example', 'cardviewer@demo.example']);
  });

  it("builds links from the tenant's public origin, never from the request's Host header", async () => {
    const before = api.mailer.sent.length;
    await api.client('demo.localhost').post('/auth/forgot-password', { username: 'dealer' });
    await api.client('fleet.localhost').post('/auth/forgot-password', { username: 'fleetadmin' });
    await runJobs();
    const [demoMail, fleetMail] = api.mailer.sent.slice(before);
    expect(demoMail!.text).toMatch(/http:\/\/localhost:8080\/reset-password\?token=/);
    expect(demoMail!.text).not.toContain('demo.localhost');
    expect(fleetMail!.text).toMatch(/http:\/\/fleet\.localhost:8080\/reset-password\?token=/);
  });

  const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

  it('a new reset link voids every older one', async () => {
    await api.client().post('/auth/forgot-password', { username: 'admin' });
    await runJobs();
    const first = tokenOf(api.mailer.sent.at(-1)!.text);
    await api.client().post('/auth/forgot-password', { username: 'admin' });
    await runJobs();
    const second = tokenOf(api.mailer.sent.at(-1)!.text);
    expect(second).not.toBe(first);
    const password = 'Newer#Pass2027';
    const old = await api.client().post('/auth/reset-password', { token: first, password, confirm_password: password });
    expect([old.statusCode, errorCode(old)]).toEqual([400, ErrorCode.resetLinkInvalid]);
    expect((await api.client().post('/auth/reset-password', { token: second, password, confirm_password: password })).statusCode).toBe(204);
  });

  it("30 reset requests in a row send no more than the tenant's mails an hour, and leave one valid link", async () => {
    api.clock.advanceMinutes(61);
    const before = api.mailer.sent.length;
    const codes: number[] = [];
    await withThrottle({ recoveryPerAccount: 1000 }, async () => {
      for (let request = 0; request < 30; request += 1) {
        codes.push((await api.client().post('/auth/forgot-password', { username: 'cardviewer' })).statusCode);
      }
    });
    expect(new Set(codes)).toEqual(new Set([202]));
    await runJobs();
    const mails = api.mailer.sent.slice(before).filter((mail) => mail.to === 'cardviewer@demo.example');
    expect(mails).toHaveLength(demo().limits.resetMailsPerHour!);
    const user = await userRow('cardviewer');
    const valid = await api.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', user.user_id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', api.clock.now())
      .execute();
    expect(valid).toHaveLength(1);
  });
});
