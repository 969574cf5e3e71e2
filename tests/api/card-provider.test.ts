import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type TestApi } from '../support/api.ts';

/** The built-in sandbox card provider: its token endpoint and hosted field, not our payments API. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('sandbox card provider', () => {
  it('checks what is typed: Luhn, expiry, security code, and its public key', async () => {
    const anonymous = api.client();
    const token = (body: Record<string, string>) =>
      anonymous.post('/card-provider/sandbox/tokens', {
        key: 'pk_sandbox_demo',
        number: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
        ...body,
      });
    expect(errorCode(await token({ number: '4242 4242 4242 4241' }))).toBe(ErrorCode.cardInvalid);
    expect(errorCode(await token({ expiry: '10/26' }))).toBe(ErrorCode.cardExpiryInvalid);
    expect(errorCode(await token({ expiry: '13/30' }))).toBe(ErrorCode.cardExpiryInvalid);
    expect((await token({ expiry: '11/26' })).statusCode).toBe(201); // valid through the end of its month
    expect(errorCode(await token({ cvc: '12' }))).toBe(ErrorCode.cardCvcInvalid);
    expect((await token({ key: 'pk_sandbox_fleet' })).statusCode).toBe(400);
    const ok = await token({});
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ token: expect.stringMatching(/^tok_sandbox_/), last4: '4242', brand: 'visa' });
  });

  it('serves the hosted field in the asked language, with its script and no inline code', async () => {
    const anonymous = api.client();
    const page = await anonymous.get('/card-provider/sandbox/field.html?key=pk_sandbox_demo&lang=de', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<label for="number">Kartennummer</label>');
    expect(page.body).toContain('src="/card-provider/sandbox/field.js"');
    expect(page.body).not.toMatch(/<script>|onclick=|style="/);
    expect((await anonymous.get('/card-provider/sandbox/field.html?key=<script>')).statusCode).toBe(400);
    const script = await anonymous.get('/card-provider/sandbox/field.js');
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('event.origin !== window.location.origin');
  });
});
