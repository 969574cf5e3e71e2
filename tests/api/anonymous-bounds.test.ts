import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { ANONYMOUS_BODY_LIMIT } from '../../server/http/body-limits.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits.ts';
import { errorCode, startTestApi, type TestApi } from '../support/api.ts';

/** Issue 12 defect 8: anonymous endpoints accept bounded work only. */
let api: TestApi;
/** Bytes the client log's entries (source "portal") added to the server's log. */
let logBytes = 0;
beforeAll(async () => {
  api = await startTestApi({
    logStream: {
      write: (line) => {
        if (line.includes('"source":"portal"')) logBytes += Buffer.byteLength(line);
      },
    },
  });
});
afterAll(async () => {
  await api?.close();
});

/** The largest report the schema allows: long message, url and twenty long details. */
function largeReport(): Record<string, unknown> {
  const details = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`detail_${index}`, 'd'.repeat(500)]));
  return { level: 'error', message: 'm'.repeat(1000), url: `/${'u'.repeat(499)}`, details };
}

describe('POST /log from nobody', () => {
  it('refuses a body over its limit with a translated 413 and logs nothing', async () => {
    const before = logBytes;
    const response = await api.client().post('/log', { level: 'error', message: 'x', details: { blob: 'b'.repeat(ANONYMOUS_BODY_LIMIT) } });
    expect([response.statusCode, errorCode(response)]).toEqual([413, ErrorCode.payloadTooLarge]);
    expect(logBytes).toBe(before);
  });

  it('takes 200 large reports in a row only up to the rate limit, and each adds little to the log', async () => {
    const client = api.client();
    const report = largeReport();
    expect(JSON.stringify(report).length).toBeLessThan(ANONYMOUS_BODY_LIMIT);
    const before = logBytes;
    const statuses: number[] = [];
    for (let index = 0; index < 200; index += 1) statuses.push((await client.post('/log', report)).statusCode);
    const accepted = statuses.filter((status) => status === 204).length;
    expect(accepted).toBe(DEFAULT_RATE_LIMITS['POST /log']);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - accepted);
    // Each logged report is cut to about 4 KB (message, url, details); it was 12 KB before.
    expect((logBytes - before) / accepted).toBeLessThan(4_200);
  });

  it('refuses detail names longer than 50 characters', async () => {
    const response = await api.client().post('/log', { level: 'error', message: 'x', details: { ['k'.repeat(51)]: 1 } });
    expect([response.statusCode, errorCode(response)]).toEqual([400, ErrorCode.invalidRequest]);
  });
});

describe('every anonymous endpoint bounds its body', () => {
  const oversized = JSON.stringify({ username: 'u'.repeat(ANONYMOUS_BODY_LIMIT) });
  for (const url of [
    '/auth/login',
    '/auth/forgot-password',
    '/auth/forgot-username',
    '/auth/reset-password',
    '/auth/sso/start',
    '/analytics/events',
  ]) {
    it(`POST ${url}: 413 past ${ANONYMOUS_BODY_LIMIT} bytes`, async () => {
      const response = await api.client().post(url, oversized, { 'content-type': 'application/json' });
      expect([response.statusCode, errorCode(response)]).toEqual([413, ErrorCode.payloadTooLarge]);
    });
  }

  it('refuses an anonymous write to a signed-in route before reading its body (401, not 413 or a parse)', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(500_000) });
    const response = await api.client().post('/session_data', big, { 'content-type': 'application/json' });
    expect([response.statusCode, errorCode(response)]).toEqual([401, ErrorCode.notAuthenticated]);
    const broken = await api.client().post('/session_data', '{not json', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(401);
  });

  it('answers a write to no route 404 without reading its body', async () => {
    const response = await api.client().post('/no-such-route', '{not json', { 'content-type': 'application/json' });
    expect([response.statusCode, errorCode(response)]).toEqual([404, ErrorCode.notFound]);
  });

  it('a signed-in user still sends large bodies where the route allows them', async () => {
    const client = api.client();
    await client.login('payer');
    const response = await client.post('/session_data', { sessionKeys: [{ key: 'location', value: 'l'.repeat(20_000) }] });
    expect(response.statusCode).not.toBe(413);
  });
});
