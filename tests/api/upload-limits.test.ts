import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { uploadBodyLimit, disputeDocumentsBodyLimit } from '../../server/http/body-limits.ts';
import { type ApiClient, errorCode, startTestApi, type TestApi } from '../support/api.ts';

/**
 * Issue 22 item 9: the routes that take files read at most what the caller's own tenant permits
 * (its files × largest file, in base64, plus the JSON around them), refused 413 before the body
 * is read; callers who may not use the route are refused before it is read, too.
 */
let api: TestApi;
let fleetAdmin: ApiClient;

beforeAll(async () => {
  api = await startTestApi();
  fleetAdmin = api.client('fleet.localhost');
  await fleetAdmin.loginWithCustomer('fleetadmin', 'F-3001');
});
afterAll(async () => {
  await api?.close();
});

const fleet = () => api.tenants.forHost('fleet.localhost')!;
const demo = () => api.tenants.forHost('localhost')!;

/** A JSON body of about `bytes` bytes (one long file), its exact text. */
function bodyOf(bytes: number, shape: (content: string) => Record<string, unknown>): string {
  const empty = JSON.stringify(shape(''));
  return JSON.stringify(shape('A'.repeat(Math.max(0, bytes - empty.length))));
}
const upload = (content: string) => ({
  trx_id: 'T-3001-0001',
  doc_type_id: 1,
  files: [{ file_name: 'a.pdf', mime_type: 'application/pdf', content_base64: content }],
});
const dispute = (content: string) => ({
  invoice_ids: ['T-3001-0001'],
  dispute_reason_id: 1,
  description: 'x',
  is_chargeback: false,
  documents: [{ trx_id: 'T-3001-0001', doc_type_id: 1, file_name: 'a.pdf', mime_type: 'application/pdf', content_base64: content }],
});
const response = (content: string) => ({
  dispute_ids: [1],
  action: 'close',
  comment: 'x',
  documents: [{ doc_type_id: 1, file_name: 'a.pdf', mime_type: 'application/pdf', content_base64: content }],
});

describe("the tenant's own limit on routes that take files", () => {
  it("is smaller for the fleet tenant (2 files of 2 MB) than the route's limit (the demo tenant's 5 of 5 MB)", () => {
    expect(uploadBodyLimit(fleet())).toBeLessThan(uploadBodyLimit(demo()));
    expect(uploadBodyLimit(fleet())).toBeGreaterThan((2 * 2_000_000 * 4) / 3);
  });

  for (const [url, shape, limitOf] of [
    ['/merchant-invoice-documents', upload, uploadBodyLimit],
    ['/ecaas/disputes', dispute, disputeDocumentsBodyLimit],
    ['/ecaas/customer-dispute-response', response, disputeDocumentsBodyLimit],
  ] as const) {
    it(`POST ${url}: 413 past the fleet tenant's limit, by Content-Length, before reading`, async () => {
      const body = bodyOf(limitOf(fleet()) + 1, shape);
      const refused = await fleetAdmin.post(url, body, { 'content-type': 'application/json' });
      expect([refused.statusCode, errorCode(refused)]).toEqual([413, ErrorCode.payloadTooLarge]);
      expect(refused.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    });

    it(`POST ${url}: 413 past the fleet tenant's limit without a Content-Length (counted while read)`, async () => {
      const body = bodyOf(limitOf(fleet()) + 1, shape);
      const refused = await fleetAdmin.post(url, Readable.from([body]), { 'content-type': 'application/json' });
      expect([refused.statusCode, errorCode(refused)]).toEqual([413, ErrorCode.payloadTooLarge]);
    });
  }

  it("reads a body within the fleet tenant's limit (refused for its content, not its size)", async () => {
    const within = await fleetAdmin.post('/merchant-invoice-documents', bodyOf(uploadBodyLimit(fleet()) - 1_000, upload), {
      'content-type': 'application/json',
    });
    expect(within.statusCode).not.toBe(413);
    expect(within.statusCode).toBeLessThan(500);
  });

  it('refuses a user who may not upload (403) before reading the body', async () => {
    const viewer = api.client();
    await viewer.loginWithCustomer('viewer', 'C-1001');
    const broken = await viewer.post('/merchant-invoice-documents', `{"trx_id":"T-1001-0001","files":[${'"x",'.repeat(100_000)}`, {
      'content-type': 'application/json',
    });
    expect([broken.statusCode, errorCode(broken)]).toEqual([403, ErrorCode.forbidden]);
  });
});
