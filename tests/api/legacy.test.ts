import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('GET /legacy/{location}: the pages /frame/{location} and /cgi-bin/{location} show', () => {
  it('serves a known page as HTML in the tenant language to visitors', async () => {
    const response = await api.client().get('/legacy/terms');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<h1>Terms of the trade-credit program</h1>');
    expect(response.body).not.toContain('<script');
  });

  it('answers an unknown location with a translated not-found page, not the portal itself', async () => {
    const response = await api.client().get('/legacy/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Sorry, nothing here');
    expect(response.body).not.toContain('id="root"');
  });

  it("uses the signed-in user's language", async () => {
    const client = api.client();
    await client.login('viewer');
    await api.db.updateTable('users').set({ language: 'de' }).where('username', '=', 'viewer').execute();
    const response = await client.get('/legacy/terms');
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('Bedingungen des Handelskreditprogramms');
  });

  it('refuses a location that is not a simple name', async () => {
    const response = await api.client().get('/legacy/..%2Fetc');
    expect(response.statusCode).toBe(400);
  });
});
