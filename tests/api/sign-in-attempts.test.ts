import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../support/api.ts';
import { providerPage, ssoStart } from '../support/sso.ts';

/**
 * Issue 22 item 6: the tenant's attempts in a row before a sign-in pause hold wherever a portal
 * password is typed (the sign-in and the local identity provider), counted atomically in the
 * database, however the attempts are spread in time or sent at once.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const attemptsBeforePause = () => api.tenants.byId('demo')?.limits.loginAttemptsBeforeLock ?? 0;
const userRow = (username: string) => api.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const signIn = (username: string, password: string) => api.client().post('/auth/login', { username, password });
const isPaused = async (username: string) => {
  const until = (await userRow(username)).login_locked_until;
  return until !== null && new Date(until).getTime() > api.clock.now().getTime();
};

/** A copy of a demo user under a name nothing else in this file uses, so each test starts from no failures. */
async function copyOf(username: string, as: string): Promise<void> {
  const { user_id: _id, created_at: _created, ...user } = await userRow(username);
  await api.db
    .insertInto('users')
    .values({ ...user, username: as, email_address: `${as}@demo.example` })
    .execute();
}

/** The local provider's password form for `username`, as a browser that started its sign-in posts it. */
async function providerPasswordForm(username: string) {
  const browser = api.client();
  const { action } = await providerPage(browser, (await ssoStart(browser, username)).redirect);
  return (password: string) =>
    browser.request('POST', action ?? '', new URLSearchParams({ username, password }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
    });
}

describe('one count of attempts in a row (issue 22 item 6)', () => {
  it("the local identity provider pauses like the sign-in: after the tenant's wrong passwords, even the right one is refused there", async () => {
    await copyOf('ssouser', 'sso-pause');
    const guess = await providerPasswordForm('sso-pause');
    for (let attempt = 0; attempt < attemptsBeforePause(); attempt += 1) expect((await guess(`Wrong#${attempt}`)).statusCode).toBe(401);
    expect(await isPaused('sso-pause')).toBe(true);
    expect((await guess(DEMO_PASSWORD)).statusCode).toBe(401);
    api.clock.advanceMinutes(24 * 60);
    expect((await guess(DEMO_PASSWORD)).statusCode).toBe(303);
  });

  it('nine wrong passwords and the right one at once: the pause starts, and the right one does not wipe the count', async () => {
    await copyOf('viewer', 'burst-viewer');
    const passwords = [...Array.from({ length: 9 }, (_, index) => `Wrong#${index}`), DEMO_PASSWORD];
    const answers = await Promise.all(passwords.map((password) => signIn('burst-viewer', password)));
    const statuses = answers.map((answer) => answer.statusCode);
    // Only the tenant's attempts in a row are checked at all; the right password is the last of the burst.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(await isPaused('burst-viewer')).toBe(true);
    // Paused (401), or past the name's failure budget for the minute (429): either way not signed in.
    expect([401, 429]).toContain((await signIn('burst-viewer', DEMO_PASSWORD)).statusCode);
    expect((await userRow('burst-viewer')).login_locks).toBe(1);
  });

  it('a right password within the attempts signs in and starts the count over', async () => {
    await copyOf('viewer', 'steady-viewer');
    for (let attempt = 0; attempt < attemptsBeforePause() - 1; attempt += 1)
      expect((await signIn('steady-viewer', `Wrong#${attempt}`)).statusCode).toBe(401);
    expect((await userRow('steady-viewer')).failed_logins).toBe(attemptsBeforePause() - 1);
    expect((await signIn('steady-viewer', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await userRow('steady-viewer')).failed_logins).toBe(0);
    expect(await isPaused('steady-viewer')).toBe(false);
  });

  it('the sign-in and the provider share one count for an SSO user', async () => {
    await copyOf('ssouser', 'sso-shared');
    const guess = await providerPasswordForm('sso-shared');
    const half = Math.ceil(attemptsBeforePause() / 2);
    for (let attempt = 0; attempt < half; attempt += 1) expect((await guess(`Wrong#${attempt}`)).statusCode).toBe(401);
    for (let attempt = half; attempt < attemptsBeforePause(); attempt += 1)
      expect((await signIn('sso-shared', `Wrong#${attempt}`)).statusCode).toBe(401);
    expect(await isPaused('sso-shared')).toBe(true);
  });
});
