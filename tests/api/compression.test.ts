import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFiles } from '../../engine/build/compress-plugin.ts';
import { buildApp } from '../../server/app.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/http/compression.ts';
import { IMMUTABLE } from '../../server/http/built-assets.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import { type ApiClient, startTestApi, type TestApi } from '../support/api.ts';

/** Chromium's Accept-Encoding. */
const BROWSER = 'gzip, deflate, br, zstd';
/** Enough invoices for C-1004 that the CSV export reads several cursor chunks. */
const BIG = 1_200;

let api: TestApi;
let admin: ApiClient;
beforeAll(async () => {
  api = await startTestApi({ bigCustomerInvoices: BIG });
  admin = api.client();
  await admin.loginWithCustomer('admin', 'C-1004');
});
afterAll(async () => {
  await api?.close();
});

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  const bytes = response.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  expect(encoding).toBeUndefined();
  return bytes.toString('utf8');
}

describe('API responses', () => {
  const PAGE = '/invoices?page[size]=100';

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    [BROWSER, 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ])('a 100-row invoice page asked with %s comes as %s, the same document', async (accept, expected) => {
    const plain = await admin.get(PAGE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const response = await admin.get(PAGE, { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // JSON:API's media type counts as compressible, and the saving is large.
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(decoded(response))).toEqual(plain.json());
  });

  it.each(['identity', 'identity, *;q=0', ''])('Accept-Encoding "%s" gets the body as it is', async (accept) => {
    const response = await admin.get(PAGE, { 'accept-encoding': accept });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ data: expect.any(Array) });
  });

  it('leaves responses under the threshold uncompressed', async () => {
    const small = await admin.get('/invoices?page[size]=1', { 'accept-encoding': BROWSER });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const error = await admin.get('/no-such-route', { 'accept-encoding': BROWSER });
    expect(error.statusCode).toBe(404);
    expect(error.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the CSV export as it streams, the same rows', async () => {
    const url = '/invoices.csv?filter[sort]=trx_id|asc';
    const plain = await admin.get(url);
    const response = await admin.get(url, { 'accept-encoding': BROWSER });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Streamed: no length known up front.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    const text = decoded(response);
    expect(text.split('\n').length).toBeGreaterThan(BIG);
    expect(text).toBe(plain.body);
  });
});

describe('a compressed CSV download cut short', () => {
  let url: string;
  beforeAll(async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  it('frees the export cursor, so the next request is answered', async () => {
    const cookie = (await api.client().login('admin')).cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    await new Promise<void>((resolvePromise, reject) => {
      const request = httpRequest(
        `${url}/invoices.csv?filter[buid_customer]=C-1004`,
        { headers: { cookie, 'accept-encoding': 'br' } },
        (response) => {
          expect(response.headers['content-encoding']).toBe('br');
          response.once('data', () => {
            request.destroy();
            resolvePromise();
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
      request.end();
    });
    // PGlite has one connection: a cursor transaction left open would block this request.
    const next = await admin.get('/invoices?page[size]=1');
    expect(next.statusCode).toBe(200);
  });
});

describe('the built portal', () => {
  let root: string;
  let portal: FastifyInstance;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ id: index, label: `row ${index}` })))};\n`;
  const page = `<!doctype html><html><head><title>Portal</title></head><body>${'<div class="shell"></div>'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-static-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), page);
    writeFileSync(join(root, 'assets', 'entry-AbC123.js'), script);
    mkdirSync(join(root, 'assets', 'locales-XyZ', 'en'), { recursive: true });
    writeFileSync(join(root, 'assets', 'locales-XyZ', 'en', 'common.json'), '{"save":"Save"}');
    writeFileSync(join(root, 'boot.css'), `${'.boot { color: #123456; }\n'.repeat(80)}`);
    await compressFiles(root);
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
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    portal.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  it.each([
    ['br', 'br'],
    [BROWSER, 'br'],
    ['gzip', 'gz'],
  ] as const)('serves a hashed asset asked with %s from its .%s file, immutable', async (accept, extension) => {
    const response = await get('/assets/entry-AbC123.js', { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(extension === 'gz' ? 'gzip' : 'br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.equals(readFileSync(join(root, 'assets', `entry-AbC123.js.${extension}`)))).toBe(true);
    expect(decoded(response)).toBe(script);
  });

  it('serves the file itself to a client that accepts no encoding, still varying on it', async () => {
    const response = await get('/assets/entry-AbC123.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(script);
  });

  it('serves a file of a folder under assets/ with its type, and answers 404 for a name the build did not write', async () => {
    const texts = await get('/assets/locales-XyZ/en/common.json');
    expect(texts.statusCode).toBe(200);
    expect(texts.headers['content-type']).toMatch(/^application\/json/);
    expect(texts.headers['cache-control']).toBe(IMMUTABLE);
    expect(texts.json()).toEqual({ save: 'Save' });
    for (const missing of ['/assets/entry-Nope.js', '/assets/locales-XyZ/de/common.json', '/assets/../index.html', '/assets/']) {
      expect((await get(missing, { accept: '*/*' })).statusCode, missing).toBe(404);
    }
  });

  it('sends index.html compressed and never stored, for any page of the portal', async () => {
    for (const url of ['/login', '/invoice-list/billed']) {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': BROWSER });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      // The page as built, with the route's hints and boot documents the server adds to its head (issue 25).
      expect(decoded(response).replace(/<script type="application\/json" id="portal-hints" nonce="[^"]+">.*?<\/script>/, '')).toBe(page);
    }
  });

  it('revalidates the unhashed files of public/ and does not route the variants themselves', async () => {
    const css = await get('/boot.css', { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/entry-AbC123.js.br')).statusCode).toBe(404);
  });
});
