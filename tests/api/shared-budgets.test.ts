import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits.ts';
import { throttleLimits } from '../../server/auth/sign-in-limits.ts';
import { startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * Issue 22 item 7: the per-address and per-name budgets count in the database, so two server
 * processes on one database allow what one does (here two apps, each with its own pool on
 * PostgreSQL; the real two-process test is tests/api/two-processes.test.ts).
 */

let first: TestApi;
let second: TestApi;
beforeAll(async () => {
  first = await startTestApi();
  second = await startTestApi({ sharedWith: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** One browser as each process sees it: the same address. */
function sameAddress(address: string): [ApiClient, ApiClient] {
  const a = first.client();
  const b = second.client();
  a.address = address;
  b.address = address;
  return [a, b];
}

describe('budgets shared by every process (issue 22 item 7)', () => {
  it('the per-address sign-in limit adds up across both', async () => {
    const limit = DEFAULT_RATE_LIMITS['POST /auth/login'] ?? 0;
    const [a, b] = sameAddress('127.44.0.1');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < limit; attempt += 1) {
      // Each a different name, so the per-name budget is not what answers.
      statuses.push((await (attempt % 2 ? a : b).post('/auth/login', { username: `nobody-${attempt}`, password: 'guess' })).statusCode);
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect((await a.post('/auth/login', { username: 'nobody-x', password: 'guess' })).statusCode).toBe(429);
    expect((await b.post('/auth/login', { username: 'nobody-y', password: 'guess' })).statusCode).toBe(429);
  });

  it('the per-name failure budget adds up across both, from any address', async () => {
    const budget = throttleLimits(first.tenants.byId('demo') ?? first.tenants.fallback).signInFailuresPerUsername;
    for (let attempt = 0; attempt < budget; attempt += 1) {
      const api = attempt % 2 ? first : second;
      expect((await api.client().post('/auth/login', { username: 'shared-ghost', password: `guess-${attempt}` })).statusCode).toBe(401);
    }
    const refused = await first.client().post('/auth/login', { username: 'shared-ghost', password: 'guess' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await second.client().post('/auth/login', { username: 'Shared-Ghost', password: 'guess' })).statusCode).toBe(429);
  });

  it('a burst split over both gets no more than the budget', async () => {
    const budget = throttleLimits(first.tenants.byId('demo') ?? first.tenants.fallback).signInFailuresPerUsername;
    const answers = await Promise.all(
      Array.from({ length: budget * 2 }, (_, index) =>
        (index % 2 ? first : second).client().post('/auth/login', { username: 'burst-shared', password: `guess-${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(budget);
    expect(statuses.filter((status) => status === 429)).toHaveLength(budget);
  });
});
