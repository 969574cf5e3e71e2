import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('POST /log (tenant config logging.endpoint)', () => {
  it('takes a client message at a known level', async () => {
    const client = api.client();
    await client.login('payer');
    const response = await client.post('/log', {
      level: 'error',
      message: 'GET /invoices: 500 errors.request.serverError',
      url: '/invoice-list/Billed',
      details: { status: 500 },
    });
    expect(response.statusCode).toBe(204);
  });

  it('refuses unknown levels and oversized messages', async () => {
    const client = api.client();
    await client.login('payer');
    expect((await client.post('/log', { level: 'fatal', message: 'x' })).statusCode).toBe(400);
    expect((await client.post('/log', { level: 'error', message: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await client.post('/log', { level: 'error', message: 'x', details: { nested: { a: 1 } } })).statusCode).toBe(400);
  });
});

describe('POST /analytics/events', () => {
  it('is not offered while the tenant has analytics off (the demo tenant)', async () => {
    const client = api.client();
    await client.login('payer');
    const response = await client.post('/analytics/events', {
      event: 'page_load',
      path: '/account/overview',
      properties: { user_type: 'customer' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('takes the page-load event where the tenant has analytics on (fleet), and refuses other events', async () => {
    const client = api.client('fleet.localhost');
    await client.login('fleetadmin');
    const event = {
      event: 'page_load',
      path: '/fleet/account/overview',
      properties: { user_type: 'customer', role: 'Admin', language: 'en' },
    };
    expect((await client.post('/analytics/events', event)).statusCode).toBe(204);
    expect((await client.post('/analytics/events', { ...event, event: 'click' })).statusCode).toBe(400);
  });
});
