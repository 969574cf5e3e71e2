import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { DEMO_PASSWORD, errorCode, startTestApi, type TestApi } from '../support/api.ts';
import { testJobRunner } from '../support/payments.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** Recovery mail goes out from a job (issue 12): run what is due, as the server's runner would. */
const runJobs = () => testJobRunner(api).runDue();

const NEW_PASSWORD = 'Fresh#Pass2027';

const lastMail = () => api.mailer.sent.at(-1);
const sentCount = () => api.mailer.sent.length;

/** Asks for a reset link for the user and returns the token the email carries. */
async function requestReset(username: string, host = 'localhost'): Promise<string> {
  const before = sentCount();
  const response = await api.client(host).post('/auth/forgot-password', { username });
  expect(response.statusCode).toBe(202);
  await runJobs();
  expect(sentCount()).toBe(before + 1);
  const link = /(https?:\/\/\S+\/reset-password\?token=)([A-Za-z0-9_-]+)/.exec(lastMail()!.text);
  expect(link, lastMail()!.text).not.toBeNull();
  return link![2]!;
}

const userRow = (username: string) => api.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const tokenRow = (token: string) =>
  api.db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();

describe('POST /auth/forgot-username', () => {
  it("links to the portal's own PORT and HOST when the tenant configures no publicOrigin (issue 26 item 4), never to the Host header", async () => {
    const saved = { PORT: process.env.PORT, HOST: process.env.HOST };
    process.env.PORT = '9123';
    process.env.HOST = '0.0.0.0';
    try {
      const response = await api.client().post('/auth/forgot-username', { email: 'payer@demo.example' }, { host: 'localhost:7777' });
      expect(response.statusCode).toBe(202);
      await runJobs();
      const mail = lastMail()!;
      expect(mail.text).toContain('http://localhost:9123/login');
      expect(mail.text).not.toContain(':7777');
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('emails the usernames registered with the address, case-insensitively', async () => {
    const response = await api.client().post('/auth/forgot-username', { email: 'PAYER@demo.example' });
    expect(response.statusCode).toBe(202);
    await runJobs();
    const mail = lastMail()!;
    expect(mail.to).toBe('payer@demo.example');
    expect(mail.subject).toBe('Your username for Trade Credit Portal');
    expect(mail.text).toMatch(/^ {2}payer$/m);
    // The tenant's public origin (publicOrigin), not the request's Host header.
    expect(mail.text).toContain('http://localhost:8080/login');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await api.client().post('/auth/forgot-username', { email: 'viewer@demo.example' });
    await runJobs();
    const before = sentCount();
    const unknown = await api.client().post('/auth/forgot-username', { email: 'nobody@demo.example' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await runJobs();
    expect(sentCount()).toBe(before);
  });

  it('keeps tenants apart: a demo address gets nothing on the fleet host', async () => {
    const before = sentCount();
    expect((await api.client('fleet.localhost').post('/auth/forgot-username', { email: 'payer@demo.example' })).statusCode).toBe(202);
    await runJobs();
    expect(sentCount()).toBe(before);
  });

  it('refuses a malformed address with the validation code', async () => {
    const response = await api.client().post('/auth/forgot-username', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toMatch(/^errors\./);
  });

  it('answers 202 even when the mailer fails; the job tries again later and then sends', async () => {
    const send = api.mailer.send;
    api.mailer.send = async () => {
      throw new Error('smtp down');
    };
    const before = sentCount();
    try {
      const response = await api.client().post('/auth/forgot-username', { email: 'payer@demo.example' });
      expect(response.statusCode).toBe(202);
      await runJobs();
    } finally {
      api.mailer.send = send;
    }
    expect(sentCount()).toBe(before);
    api.clock.advanceMinutes(1);
    await runJobs();
    expect(sentCount()).toBe(before + 1);
    expect(lastMail()!.to).toBe('payer@demo.example');
  });

  it("writes in the user's language", async () => {
    await api.db.updateTable('users').set({ language: 'de' }).where('username', '=', 'dealer').execute();
    try {
      await api.client().post('/auth/forgot-username', { email: 'dealer@demo.example' });
      await runJobs();
      expect(lastMail()!.subject).toBe('Ihr Benutzername für Trade Credit Portal');
    } finally {
      await api.db.updateTable('users').set({ language: 'en' }).where('username', '=', 'dealer').execute();
    }
  });
});

describe('POST /auth/forgot-password', () => {
  it('stores only a hash of the token, valid for 60 minutes', async () => {
    const token = await requestReset('corporate');
    const row = await tokenRow(token);
    expect(row.token_hash).not.toBe(token);
    expect(new Date(row.expires_at).getTime() - api.clock.now().getTime()).toBe(60 * 60_000);
    expect(row.used_at).toBeNull();
    expect(lastMail()!.to).toBe('corporate@demo.example');
    expect(lastMail()!.text).toContain(`http://localhost:8080/reset-password?token=${token}`);
  });

  it('answers the same for an unknown username and sends nothing', async () => {
    const known = await api.client().post('/auth/forgot-password', { username: 'corporate' });
    await runJobs();
    const before = sentCount();
    const tokens = (await api.db.selectFrom('password_reset_tokens').select('token_hash').execute()).length;
    const unknown = await api.client().post('/auth/forgot-password', { username: 'nobody' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await runJobs();
    expect(sentCount()).toBe(before);
    expect((await api.db.selectFrom('password_reset_tokens').select('token_hash').execute()).length).toBe(tokens);
  });

  it('answers 202 when the mailer fails, leaving no usable link of the failed attempt', async () => {
    const tokens = (await api.db.selectFrom('password_reset_tokens').select('token_hash').execute()).length;
    const send = api.mailer.send;
    api.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const response = await api.client().post('/auth/forgot-password', { username: 'corporate' });
      expect(response.statusCode).toBe(202);
      await runJobs();
    } finally {
      api.mailer.send = send;
    }
    expect((await api.db.selectFrom('password_reset_tokens').select('token_hash').execute()).length).toBe(tokens);
    // The job is not lost: it waits for its retry (with a fresh link then).
    const retry = await api.db
      .selectFrom('jobs')
      .select('last_error')
      .where('kind', '=', 'recovery.password_reset_mail')
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    expect(retry.last_error).toContain('smtp down');
    // Taken off the queue so that the mail counts of the tests below stay exact.
    await api.db
      .updateTable('jobs')
      .set({ status: 'done' })
      .where('kind', '=', 'recovery.password_reset_mail')
      .where('status', '=', 'queued')
      .execute();
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password from the emailed link: it signs in, the old one does not, old sessions end', async () => {
    const oldSession = api.client();
    expect((await oldSession.login('viewer')).statusCode).toBe(200);
    const token = await requestReset('viewer');

    const response = await api.client().post('/auth/reset-password', { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);

    const self = (await oldSession.get('/self')).json() as { data: { attributes: { session_data: { logged_in: boolean } } } };
    expect(self.data.attributes.session_data.logged_in).toBe(false);
    expect((await api.client().login('viewer', NEW_PASSWORD)).statusCode).toBe(200);
    expect(errorCode(await api.client().login('viewer', DEMO_PASSWORD))).toBe(ErrorCode.credentialsInvalid);

    expect((await tokenRow(token)).used_at).not.toBeNull();
    const user = await userRow('viewer');
    const history = await api.db.selectFrom('password_history').select('password_hash').where('user_id', '=', user.user_id).execute();
    expect(history.map((row) => row.password_hash)).toContain(user.password_hash);
    const auditRows = await api.db
      .selectFrom('audit_log')
      .select('action')
      .where('user_id', '=', user.user_id)
      .where('action', '=', 'password_reset')
      .execute();
    expect(auditRows).toHaveLength(1);
  });

  it('refuses a link used once already', async () => {
    const token = await requestReset('cardviewer');
    expect(
      (await api.client().post('/auth/reset-password', { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).statusCode,
    ).toBe(204);
    const again = await api
      .client()
      .post('/auth/reset-password', { token, password: 'Other#Pass2028', confirm_password: 'Other#Pass2028' });
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe(ErrorCode.resetLinkInvalid);
    expect((await api.client().login('cardviewer', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link (after 60 minutes) and changes nothing', async () => {
    const token = await requestReset('payer');
    const before = await userRow('payer');
    api.clock.advanceMinutes(61);
    const response = await api.client().post('/auth/reset-password', { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe(ErrorCode.resetLinkInvalid);
    expect((await userRow('payer')).password_hash).toBe(before.password_hash);
    expect((await api.client().login('payer')).statusCode).toBe(200);
  });

  it('refuses an unknown token, and a link of another tenant', async () => {
    const unknown = await api
      .client()
      .post('/auth/reset-password', { token: 'made-up', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(errorCode(unknown)).toBe(ErrorCode.resetLinkInvalid);
    const token = await requestReset('fleetadmin', 'fleet.localhost');
    const elsewhere = await api.client().post('/auth/reset-password', { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(errorCode(elsewhere)).toBe(ErrorCode.resetLinkInvalid);
  });

  describe('refusals that leave the account and the link as they were', () => {
    let token: string;
    let before: Awaited<ReturnType<typeof userRow>>;
    beforeAll(async () => {
      token = await requestReset('admin');
      before = await userRow('admin');
    });

    const refuse = async (password: string, confirmation = password) => {
      const response = await api.client().post('/auth/reset-password', { token, password, confirm_password: confirmation });
      expect(response.statusCode).toBe(422);
      expect((await userRow('admin')).password_hash).toBe(before.password_hash);
      expect((await tokenRow(token)).used_at).toBeNull();
      return response;
    };

    it('refuses a confirmation that does not match', async () => {
      expect(errorCode(await refuse(NEW_PASSWORD, 'Fresh#Pass2028'))).toBe(ErrorCode.passwordsDoNotMatch);
    });

    it('refuses a weak password, listing the unmet tenant rules', async () => {
      const response = await refuse('password');
      expect(errorCode(response)).toBe(ErrorCode.passwordRequirementsNotMet);
      const meta = (response.json() as { errors: Array<{ meta: { unmet_rules: string[] } }> }).errors[0]!.meta;
      expect(meta.unmet_rules).toEqual(['minNumeric', 'minUpper', 'minSpecial', 'minNonAlpha']);
      expect(errorCode(await refuse(`${'A'.repeat(60)}#1aaaa`))).toBe(ErrorCode.passwordRequirementsNotMet);
    });

    it('refuses a password used before', async () => {
      expect(errorCode(await refuse(DEMO_PASSWORD))).toBe(ErrorCode.passwordAlreadyUsed);
    });

    it('still works after the refusals', async () => {
      const response = await api.client().post('/auth/reset-password', { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      expect(response.statusCode).toBe(204);
    });
  });

  it('refuses reusing any of the last historySize passwords, not only the current one', async () => {
    const first = await requestReset('safety');
    expect(
      (await api.client().post('/auth/reset-password', { token: first, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(204);
    const second = await requestReset('safety');
    expect(
      (await api.client().post('/auth/reset-password', { token: second, password: 'Second#Pass2028', confirm_password: 'Second#Pass2028' }))
        .statusCode,
    ).toBe(204);
    const third = await requestReset('safety');
    const reuse = await api.client().post('/auth/reset-password', { token: third, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(errorCode(reuse)).toBe(ErrorCode.passwordAlreadyUsed);
  });

  it('lifts password locks and failed sign-ins, but not a lock by support', async () => {
    await api.db
      .updateTable('users')
      .set({
        lock_state: 'exceeded_login_attempts',
        lock_reason: 'exceeded login attempts',
        failed_logins: 4,
        login_locks: 2,
        login_locked_until: new Date(api.clock.now().getTime() + 60 * 60_000),
      })
      .where('username', '=', 'ssouser')
      .execute();
    const token = await requestReset('ssouser');
    expect(
      (await api.client().post('/auth/reset-password', { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).statusCode,
    ).toBe(204);
    expect(await userRow('ssouser')).toMatchObject({
      lock_state: null,
      lock_reason: null,
      failed_logins: 0,
      login_locks: 0,
      login_locked_until: null,
    });

    const locked = await requestReset('locked');
    expect(
      (await api.client().post('/auth/reset-password', { token: locked, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(204);
    expect((await userRow('locked')).lock_state).toBe('locked_by_support');
  });
});
