import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HINTS_ID, type PageHints, ROUTE_HINTS_FILE, type RouteHints } from '../../common/route-hints.ts';
import { buildApp } from '../../server/app.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../server/http/security-headers.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import { ApiClient, startTestApi, type TestApi } from '../support/api.ts';
import { draftWith, operator } from './studio-support.ts';

/**
 * Issue 25: the page carries its route's code as modulepreload links and, as data, the namespaces
 * its screen waits for and the boot's documents (/config, the flags, /self when signed in), so the
 * first screen paints within three dependent steps of the HTML.
 */
let api: TestApi;
let root: string;
let portal: FastifyInstance;

const PAGE = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-AbC.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
const HINTS: RouteHints = {
  routes: [
    { path: '/login', signedIn: false, modules: ['/assets/login-1.js'], styles: [], namespaces: ['common', 'auth'] },
    {
      path: '/account/overview',
      signedIn: true,
      modules: ['/assets/Shell-1.js', '/assets/account-overview-1.js'],
      styles: ['/assets/Shell-1.css'],
      namespaces: ['common', 'overview'],
    },
  ],
};

beforeAll(async () => {
  // With the tenants' sync, as the studio needs (its routes; a preview's documents below).
  api = await startTestApi({ tenantSync: { intervalMs: 0 } });
  root = mkdtempSync(join(tmpdir(), 'portal-hints-'));
  writeFileSync(join(root, 'index.html'), PAGE);
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, ROUTE_HINTS_FILE), JSON.stringify(HINTS));
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

/** The page's hints and preloads, and the nonce its CSP names. */
async function page(client: ApiClient, url: string) {
  const response = await client.get(url, { accept: 'text/html' });
  expect(response.statusCode).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  const element = new RegExp(`<script type="application/json" id="${PAGE_HINTS_ID}" nonce="([^"]+)">(.*?)</script>`).exec(response.body);
  expect(element, response.body).not.toBeNull();
  return {
    body: response.body,
    nonce,
    hintsNonce: element![1],
    hints: JSON.parse(element![2]!) as PageHints,
    preloads: [...response.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]),
  };
}

describe('the page of a route', () => {
  it("signed out: the sign-in page's files and texts, /config and the flags, and no /self", async () => {
    const client = new ApiClient(portal, 'localhost');
    const login = await page(client, '/login');
    expect(login.preloads).toEqual(['/assets/login-1.js']);
    expect(login.hints.namespaces).toEqual(['common', 'auth']);
    expect(login.hints.documents.config).toEqual((await client.get('/config')).json());
    expect(login.hints.documents.flags).toEqual((await client.get('/feature-flags/localhost.json')).json());
    expect(login.hints.documents.self).toBeUndefined();
    // The hints' element carries the response's nonce, and the template's placeholder is gone.
    expect(login.hintsNonce).toBe(login.nonce);
    expect(login.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('signed out: nothing of a signed-in screen (the portal sends the browser to sign in)', async () => {
    const overview = await page(new ApiClient(portal, 'localhost'), '/account/overview');
    expect(overview.preloads).toEqual([]);
    expect(overview.hints.namespaces).toEqual([]);
    expect(overview.hints.documents.self).toBeUndefined();
  });

  it("signed in: the screen's files under a path prefix too, and /self as the API answers it", async () => {
    const client = new ApiClient(portal, 'localhost');
    await client.loginWithCustomer('payer', 'C-1001');
    for (const url of ['/account/overview', '/prod/account/overview']) {
      const overview = await page(client, url);
      expect(overview.preloads).toEqual(['/assets/Shell-1.js', '/assets/account-overview-1.js']);
      expect(overview.body).toContain(`<link rel="stylesheet" crossorigin href="/assets/Shell-1.css" nonce="${overview.nonce}">`);
      expect(overview.hints.namespaces).toEqual(['common', 'overview']);
      expect(overview.hints.documents.self).toEqual((await client.get('/self')).json());
    }
  });

  it("a page of no screen still carries the boot's documents", async () => {
    const unknown = await page(new ApiClient(portal, 'localhost'), '/no/such/screen');
    expect(unknown.preloads).toEqual([]);
    expect(unknown.hints.documents.config).toBeDefined();
  });
});

describe('the page of a preview frame (issue 24)', () => {
  it('carries the documents of the side its address names, and says which', async () => {
    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.limits.cardFeeMinor = 350;
    });
    const started = await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en' });
    expect(started.statusCode, started.body).toBe(201);
    // The studio's browser holds the preview's cookies; it frames the portal's pages with them.
    const frame = new ApiClient(portal, 'localhost');
    frame.headers = {
      cookie: (started.cookies as Array<{ name: string; value: string }>).map(({ name, value }) => `${name}=${value}`).join('; '),
    };
    const feeOf = (hints: PageHints) =>
      (hints.documents.config as { data: { attributes: { limits: { cardFeeMinor: number } } } }).data.attributes.limits.cardFeeMinor;

    const published = await page(frame, '/account/overview?previewSide=published');
    expect(published.hints.previewSide).toBe('published');
    expect(feeOf(published.hints)).toBe(295);
    expect(published.hints.documents.self).toBeDefined();
    const draft = await page(frame, '/account/overview?previewSide=draft');
    expect(draft.hints.previewSide).toBe('draft');
    expect(feeOf(draft.hints)).toBe(350);
    // No side named: the session's own (the draft), and no side said, so a frame that knows its side asks again.
    const unnamed = await page(frame, '/account/overview');
    expect(unnamed.hints.previewSide).toBeUndefined();
    expect(feeOf(unnamed.hints)).toBe(350);
    // Nothing but a side is taken from the address.
    expect((await page(frame, '/account/overview?previewSide=%3Cscript%3E')).hints.previewSide).toBeUndefined();

    // An ordinary session's page is the published tenant's, whatever the address says.
    const payer = new ApiClient(portal, 'localhost');
    await payer.loginWithCustomer('payer', 'C-1001');
    expect(feeOf((await page(payer, '/account/overview?previewSide=draft')).hints)).toBe(295);
    expect((await editor.post(`/studio/api/drafts/${draftId}/discard`, {})).statusCode).toBe(204);
  });
});
