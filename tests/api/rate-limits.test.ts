import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits.ts';
import { errorCode, startTestApi, type TestApi } from '../support/api.ts';

/** Issue 12 defects 5 and 8: sign-in, recovery, re-authentication, SSO start and the anonymous endpoints are throttled. */
describe('rate limits per client address', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  // A new name each time: the per-username budgets (tests/api/sign-in-throttle.test.ts) must not answer first.
  let sequence = 0;
  const name = () => `nobody${(sequence += 1)}`;
  const attempts: Record<string, () => Record<string, unknown>> = {
    'POST /auth/login': () => ({ username: name(), password: 'guess' }),
    'POST /auth/forgot-password': () => ({ username: name() }),
    'POST /auth/forgot-username': () => ({ email: `${name()}@example.com` }),
    'POST /auth/sso/start': () => ({ username: name() }),
    'POST /log': () => ({ level: 'error', message: 'x' }),
    'POST /analytics/events': () => ({}),
  };

  for (const [operation, body] of Object.entries(attempts)) {
    it(`${operation}: 429 with a translated error and Retry-After past ${DEFAULT_RATE_LIMITS[operation]} a minute, other addresses unaffected`, async () => {
      const [, url] = operation.split(' ') as [string, string];
      const max = DEFAULT_RATE_LIMITS[operation]!;
      const client = api.client();
      for (let index = 0; index < max; index += 1) {
        const response = await client.post(url, body());
        expect(response.statusCode, response.body).not.toBe(429);
      }
      const refused = await client.post(url, body());
      expect([refused.statusCode, errorCode(refused)]).toEqual([429, ErrorCode.tooManyRequests]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await api.client().post(url, body())).statusCode).not.toBe(429);
    });
  }

  it('throttles the password re-entry of a signed-in user', async () => {
    const client = api.client();
    await client.loginWithCustomer('admin', 'C-1001');
    const codes: Array<string | undefined> = [];
    for (let index = 0; index <= DEFAULT_RATE_LIMITS['POST /ecaas/cards/secure-access']!; index += 1) {
      codes.push(errorCode(await client.post('/ecaas/cards/secure-access', { password: 'wrong' })));
    }
    // First the per-user re-entry lock answers, then the address's budget runs out.
    expect(codes).toContain(ErrorCode.reauthLocked);
    expect(codes.at(-1)).toBe(ErrorCode.tooManyRequests);
  });
});
