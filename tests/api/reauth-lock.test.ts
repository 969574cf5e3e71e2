import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { DEMO_PASSWORD, errorCode, startTestApi, type TestApi } from '../support/api.ts';

/** Issue 12 defect 3: the password re-entry for full card numbers is throttled like sign-in. */
describe('re-authentication for the full card number', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  const actions = async (userId: number) =>
    (
      await api.db
        .selectFrom('audit_log')
        .select('action')
        .where('user_id', '=', userId)
        .where('action', 'like', 'secure_access%')
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  it("locks after the tenant's attempt limit, refuses even the right password while locked, for any session of the user, then opens again", async () => {
    const { loginAttemptsBeforeLock: limit, reauthLockMinutes } = api.tenants.byId('demo')!.limits;
    const client = api.client();
    await client.loginWithCustomer('admin', 'C-1001');
    const userId = (await api.db.selectFrom('users').select('user_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).user_id;

    for (let attempt = 1; attempt < limit; attempt += 1) {
      const wrong = await client.post('/ecaas/cards/secure-access', { password: `wrong-${attempt}` });
      expect([wrong.statusCode, errorCode(wrong), wrong.json().errors[0].meta]).toEqual([
        401,
        ErrorCode.passwordIncorrect,
        { attempts_left: limit - attempt },
      ]);
    }
    const last = await client.post('/ecaas/cards/secure-access', { password: 'wrong-last' });
    expect([last.statusCode, errorCode(last), last.json().errors[0].meta]).toEqual([
      429,
      ErrorCode.reauthLocked,
      { minutes: reauthLockMinutes },
    ]);

    const right = await client.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD });
    expect([right.statusCode, errorCode(right)]).toEqual([429, ErrorCode.reauthLocked]);
    // A fresh session of the same user does not start the count again.
    const other = api.client();
    await other.loginWithCustomer('admin', 'C-1001');
    expect((await other.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD })).statusCode).toBe(429);
    expect(await actions(userId)).toEqual([...Array(limit).fill('secure_access_denied'), 'secure_access_locked', 'secure_access_locked']);

    api.clock.advanceMinutes(reauthLockMinutes + 1);
    const after = await client.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD });
    expect(after.statusCode, after.body).toBe(200);
    // A success ends the count: one wrong password afterwards leaves all attempts but one.
    const again = await client.post('/ecaas/cards/secure-access', { password: 'wrong-again' });
    expect(again.json().errors[0].meta).toEqual({ attempts_left: limit - 1 });
  });
});
