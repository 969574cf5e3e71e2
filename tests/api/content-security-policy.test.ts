import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../server/http/security-headers.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import { LOCAL_IDP_PATH } from '../../server/sso/local-idp.ts';
import { startTestApi, type TestApi } from '../support/api.ts';

/** Issue 12 defect 9: no style-src 'unsafe-inline'; the page's style elements carry a per-response nonce. */
let api: TestApi;
let root: string;
let portal: FastifyInstance;

/** What `vite build` writes with html.cspNonce (vite.config.ts), shortened. */
const PAGE =
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" crossorigin src="/assets/index-AbC.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>` +
  `<link rel="stylesheet" href="/boot.css" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  api = await startTestApi();
  root = mkdtempSync(join(tmpdir(), 'portal-csp-'));
  writeFileSync(join(root, 'index.html'), PAGE);
  portal = await buildApp({
    db: api.db,
    clock: api.clock,
    mailer: api.mailer,
    tenants: api.tenants,
    policy: loadPolicy(),
    staticDir: root,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await portal?.close();
  rmSync(root, { recursive: true, force: true });
  await api?.close();
});

const styleSrc = (csp: unknown) =>
  String(csp)
    .split(/;\s*/)
    .find((directive) => directive.startsWith('style-src'));
const getPage = (url: string) => portal.inject({ method: 'GET', url, headers: { host: 'localhost', accept: 'text/html' } });

describe('Content-Security-Policy', () => {
  it('gives every page response its own style nonce, in the header and in the HTML, and no unsafe-inline', async () => {
    const nonces: string[] = [];
    for (const url of ['/login', '/login', '/account/overview']) {
      const response = await getPage(url);
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("script-src 'self'");
      const nonce = /^style-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'$/.exec(styleSrc(csp) ?? '')?.[1];
      expect(nonce, csp).toBeDefined();
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      // Besides the page's hints for the boot (issue 25, tests/api/page-hints.test.ts), with the same nonce.
      const hints = new RegExp(
        `<script type="application/json" id="portal-hints" nonce="${nonce!.replace(/[+/=]/g, '\\$&')}">.*?</script>`,
      );
      expect(response.body).toMatch(hints);
      expect(response.body.replace(hints, '')).toBe(PAGE.replaceAll(CSP_NONCE_PLACEHOLDER, nonce!));
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('does not serve the file with its placeholder at /index.html', async () => {
    const response = await getPage('/index.html');
    expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('allows only our stylesheets on API answers', async () => {
    const response = await api.client().get('/self');
    expect(styleSrc(response.headers['content-security-policy'])).toBe("style-src 'self'");
  });

  it("styles the local identity provider's page with a nonce, not style attributes", async () => {
    const response = await api.client().get(`${LOCAL_IDP_PATH}/interaction/unknown`);
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(response.body).toContain(`<style nonce="${nonce}">`);
    expect(response.body).not.toMatch(/\sstyle="/);
  });

  it("gives the identity provider's own answers (discovery, its error page) the portal's security headers", async () => {
    const discovery = await api.client().get(`${LOCAL_IDP_PATH}/.well-known/openid-configuration`);
    expect(discovery.statusCode).toBe(200);
    expect(discovery.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'same-origin',
    });
    expect(String(discovery.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    // An authorisation request the provider refuses renders its error page, styled under the CSP's nonce.
    const refused = await api.client().get(`${LOCAL_IDP_PATH}/auth?client_id=unknown&response_type=code&scope=openid`);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const nonce = /'nonce-([^']+)'/.exec(String(refused.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(refused.body).toContain(`<style nonce="${nonce}">`);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });
});
