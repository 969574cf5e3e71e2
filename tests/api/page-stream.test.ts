/**
 * Issue 25: a page the server renders sends its head before the render (server/http/static-assets.ts
 * portalPage), so the browser fetches the styles and code while the server renders. The built
 * server entry is replaced by one whose render waits until the test lets it finish.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrotliDecompress } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_HINTS_FILE } from '../../common/route-hints.ts';
import { SERVER_ENTRY_FILE } from '../../common/server-render.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../server/http/security-headers.ts';
import { type ApiClient, startTestApi, type TestApi } from '../support/api.ts';

/** What the fake entry's render waits for: the test's release. */
interface Gate {
  release?: () => void;
  rendering?: boolean;
}
const gate = globalThis as typeof globalThis & { __pageStreamGate?: Gate };

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <link rel="stylesheet" href="/boot.css" nonce="${CSP_NONCE_PLACEHOLDER}"/>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index-AbC.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-DeF.js" nonce="${CSP_NONCE_PLACEHOLDER}">
  </head>
  <body>
    <div id="boot-spinner" role="progressbar"></div>
    <div id="boot-error" role="alert" hidden>Unable to contact server</div>
    <div id="root"></div>
  </body>
</html>`;

/** The render: the page's language from its stored choice, and markup once the test releases it. */
const ENTRY = `
export function documentElement({ storedLanguage }) {
  return { language: storedLanguage ?? 'en', colorScheme: 'dark' };
}
export async function render({ storedLanguage }) {
  const gate = (globalThis.__pageStreamGate ??= {});
  gate.rendering = true;
  await new Promise((resolve) => { gate.release = resolve; });
  return { html: '<main data-rendered="yes" style="height:10px">Rendered</main>', state: { language: storedLanguage ?? 'en', responses: {}, queries: {} } };
}
`;

let root: string;
let api: TestApi;
let admin: ApiClient;
let origin: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'page-stream-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'server'));
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, 'index.html'), TEMPLATE);
  writeFileSync(join(root, 'assets', 'index-AbC.js'), 'export {};\n');
  writeFileSync(join(root, 'assets', 'Table-XyZ.css'), '.table{color:red}\n');
  writeFileSync(join(root, SERVER_ENTRY_FILE), ENTRY);
  writeFileSync(
    join(root, ROUTE_HINTS_FILE),
    JSON.stringify({
      routes: [
        {
          path: '/invoice-list/:status',
          signedIn: true,
          modules: ['/assets/TableWidget-GhI.js'],
          styles: ['/assets/Table-XyZ.css'],
          namespaces: ['invoices'],
        },
      ],
    }),
  );
  api = await startTestApi({ staticDir: root });
  admin = api.client();
  await admin.loginWithCustomer('admin', 'C-1004');
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gate.__pageStreamGate?.release?.();
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The page over a real connection, its decoded text as it arrives. */
function openPage(
  path: string,
  headers: Record<string, string>,
): Promise<{ response: IncomingMessage; text: () => string; ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    httpGet(`${origin}${path}`, { headers: { accept: 'text/html', cookie: admin.cookieHeader(), ...headers } }, (response) => {
      let text = '';
      const decoded = response.headers['content-encoding'] === 'br' ? response.pipe(createBrotliDecompress()) : response;
      decoded.setEncoding('utf8');
      decoded.on('data', (chunk: string) => {
        text += chunk;
      });
      const ended = new Promise<string>((done, failed) => {
        decoded.on('end', () => done(text));
        decoded.on('error', failed);
      });
      resolve({ response, text: () => text, ended });
    }).on('error', reject);
  });
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 500) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a page the server renders', () => {
  it.each([
    ['br', 'br'],
    ['identity', undefined],
  ])('sends its head before the render ends (Accept-Encoding %s), then the markup in the same document', async (accept, encoding) => {
    gate.__pageStreamGate = {};
    const page = await openPage('/invoice-list/Billed', {
      'accept-encoding': accept,
      'sec-ch-viewport-width': '1280',
      cookie: `${admin.cookieHeader()}; portal_locale=de`,
    });
    expect(page.response.statusCode).toBe(200);
    expect(page.response.headers['content-encoding']).toBe(encoding);
    expect(page.response.headers['critical-ch']).toMatch(/viewport-width/i);
    expect(page.response.headers.vary).toMatch(/accept-encoding/i);
    // The head, its styles named, while the render still waits.
    await until(() => page.text().includes('Table-XyZ.css'));
    expect(gate.__pageStreamGate?.rendering).toBe(true);
    const head = page.text();
    expect(head).toContain('<html lang="de" data-mantine-color-scheme="dark">');
    expect(head).toContain('/boot.css');
    // No code is asked while the server renders: it comes after the markup.
    const nonce = /'nonce-([^']+)'/.exec(String(page.response.headers['content-security-policy']))?.[1];
    expect(head).not.toContain('/assets/runtime-DeF.js');
    expect(head).not.toContain('/assets/TableWidget-GhI.js');
    expect(head).not.toContain('/assets/index-AbC.js');
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('</head>');
    expect(head).not.toContain('Rendered');
    gate.__pageStreamGate?.release?.();
    const whole = await page.ended;
    expect(whole.startsWith(head)).toBe(true);
    expect(whole.match(/<\/head>/g)).toHaveLength(1);
    expect(whole).toMatch(
      /<div id="root"><main data-rendered="yes" data-ssr-style="height:10px">Rendered<\/main><\/div><script type="application\/json" id="portal-server-render"/,
    );
    expect(whole).not.toContain('boot-spinner');
    // Then the code, fetched only (compiled when the entry imports it), and the entry.
    const markupEnd = whole.indexOf('Rendered</main></div>');
    const entry = whole.indexOf(`<script type="module" crossorigin src="/assets/index-AbC.js" nonce="${nonce}"></script>`);
    for (const module of ['runtime-DeF.js', 'TableWidget-GhI.js', 'index-AbC.js']) {
      const link = whole.indexOf(`<link rel="preload" as="script" crossorigin href="/assets/${module}" nonce="${nonce}">`);
      expect(link).toBeGreaterThan(markupEnd);
      expect(link).toBeLessThan(entry);
    }
    expect(whole).not.toContain('modulepreload');
    expect(entry).toBeGreaterThan(markupEnd);
    expect(entry).toBeLessThan(whole.indexOf('</body>'));
    // The render's style rules go in the head, after what was sent first; its state right after the
    // markup (the first paint waits for the markup, not for the state), before the code.
    expect(whole.indexOf('[data-ssr-style="height:10px"]')).toBeLessThan(whole.indexOf('</head>'));
    const state = whole.indexOf('id="portal-server-render"');
    expect(state).toBeGreaterThan(markupEnd);
    expect(state).toBeLessThan(entry);
  });

  it('sends the page for the browser to render, whole, to a Chromium request that has not said its width', async () => {
    gate.__pageStreamGate = {};
    const page = await openPage('/invoice-list/Billed', { 'accept-encoding': 'br', 'sec-ch-ua': '"Chromium";v="156"' });
    const whole = await page.ended;
    expect(gate.__pageStreamGate?.rendering).toBeUndefined();
    expect(whole).toContain('<div id="boot-spinner"');
    expect(whole).toContain('<div id="root"></div>');
    expect(whole.match(/<\/head>/g)).toHaveLength(1);
    // The entry still comes, after the empty root, and boots the page.
    expect(whole.indexOf('<script type="module" crossorigin src="/assets/index-AbC.js"')).toBeGreaterThan(
      whole.indexOf('<div id="root"></div>'),
    );
  });
});
