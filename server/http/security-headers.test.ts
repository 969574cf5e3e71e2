import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, styleNonce } from './security-headers.ts';

/** The policy as the portal wrote it by hand before helmet did (issue 27): the same directives, in order. */
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
];

async function headersOf(withNonce: boolean) {
  const app = Fastify();
  registerSecurityHeaders(app);
  app.get('/', async (request, reply) =>
    withNonce ? reply.type('text/html').send(`<style nonce="${styleNonce(request)}"></style>`) : { ok: true },
  );
  const response = await app.inject('/');
  await app.close();
  return response;
}

describe('security headers (helmet)', () => {
  it('writes the strict policy and the other headers as before, with no nonce where no HTML needs one', async () => {
    const response = await headersOf(false);
    expect(String(response.headers['content-security-policy']).split(';')).toEqual(DIRECTIVES);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
      'cache-control': 'no-store',
    });
    for (const absent of ['strict-transport-security', 'cross-origin-resource-policy', 'origin-agent-cluster', 'x-xss-protection']) {
      expect(response.headers[absent]).toBeUndefined();
    }
  });

  it("adds the response's style nonce to style-src only, the one in its HTML", async () => {
    const response = await headersOf(true);
    const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
    expect(String(response.headers['content-security-policy']).split(';')).toEqual(
      DIRECTIVES.map((directive) => (directive === "style-src 'self'" ? `style-src 'self' 'nonce-${nonce}'` : directive)),
    );
  });
});
