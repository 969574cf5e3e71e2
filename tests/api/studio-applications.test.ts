/**
 * Issue 26 in the operator studio: every operator granted the tenant reads its credit
 * applications; a publisher decides them by the operator API's rule (an approval sets the
 * customer's credit limit) and each decision is in the studio's audit; editors and auditors may
 * not decide; bad input is a translated 4xx and writes nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { type ApiClient, startTestApi, type TestApi } from '../support/api.ts';
import { data, firstError, operator } from './studio-support.ts';

let api: TestApi;
let payer: ApiClient;
beforeAll(async () => {
  api = await startTestApi({ tenantSync: { intervalMs: 0 } });
  payer = api.client();
  await payer.loginWithCustomer('payer', 'C-1001');
});
afterAll(async () => {
  await api?.close();
});

interface Application {
  application_id: number;
  status: string;
  company_name: string;
  requested_limit: number;
  approved_limit: number | null;
  currency: string;
  info_request: string | null;
  trade_references: unknown[];
  documents: Array<{ file_name: string }>;
}
type Resource = { attributes: Application };

async function apply(requested: number): Promise<number> {
  const created = await payer.post('/credit-applications', {
    buid_customer: 'C-1001',
    company: { company_name: 'Studio Test Freight', registration_number: 'US-7788', country: 'US', address: '2 Pier Road, Houston TX' },
    contacts: { contact_name: 'Lee Moss', contact_email: 'lee@studio.example', contact_phone: '713-555-0199' },
    limit: { kind: 'increase', requested_limit: requested, currency: 'USD' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { data: Resource }).data.attributes.application_id;
}

async function creditLimit(): Promise<number | null | undefined> {
  const response = await payer.get('/exposures?filter[buid_customer]=C-1001');
  return (response.json() as { data: Array<{ attributes: { credit_limit: number | null } }> }).data[0]?.attributes.credit_limit;
}

const decisions = async () =>
  (await api.db.selectFrom('studio_audit').select(['after', 'note']).where('action', '=', 'application_decided').execute()).map((row) => ({
    after: row.after,
    note: row.note,
  }));

const englishErrors: unknown = JSON.parse(readFileSync('locales/en/errors.json', 'utf8'));
/** The English text of an error key (the portal and the studio translate the API's codes). */
const englishError = (code: string) =>
  code
    .split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], englishErrors);

const path = (id: number | string) => `/studio/api/tenants/demo/applications/${id}`;

describe('credit applications in the studio', () => {
  it('lists and opens the applications for every role; only a publisher decides, and each decision is audited', async () => {
    const id = await apply(6_200_000);
    const publisher = await operator(api, 'publisher');
    const editor = await operator(api, 'editor');
    const auditor = await operator(api, 'auditor');

    for (const reader of [editor, auditor, publisher]) {
      const list = await reader.get('/studio/api/tenants/demo/applications');
      expect(list.statusCode, list.body).toBe(200);
      expect(data<Resource[]>(list).map((row) => row.attributes.application_id)).toContain(id);
    }
    // The seeded application: its answers and its documents.
    const seeded = data<Resource[]>(await auditor.get('/studio/api/tenants/demo/applications')).find(
      (row) => row.attributes.status === 'more_info_needed',
    )!;
    const opened = data<Resource>(await auditor.get(path(seeded.attributes.application_id))).attributes;
    expect(opened).toMatchObject({ company_name: 'Northwind Logistics', requested_limit: 7_500_000, currency: 'USD' });
    expect(opened.trade_references).toHaveLength(1);
    expect(opened.documents.map((document) => document.file_name)).toEqual(['income-statement-2025.pdf']);

    for (const other of [editor, auditor]) expect((await other.post(`${path(id)}/decision`, { action: 'review' })).statusCode).toBe(403);
    expect(await decisions()).toEqual([]);

    const reviewed = await publisher.post(`${path(id)}/decision`, { action: 'review' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(data<Resource>(reviewed).attributes.status).toBe('under_review');
    const asked = await publisher.post(`${path(id)}/decision`, { action: 'request_info', note: 'Please send the bank statement.' });
    expect(data<Resource>(asked).attributes).toMatchObject({ status: 'more_info_needed', info_request: 'Please send the bank statement.' });
    expect((await payer.post(`/credit-applications/${id}/answer`, { answer: 'Sent.' })).statusCode).toBe(200);

    expect(await creditLimit()).not.toBe(6_000_000);
    const approved = await publisher.post(`${path(id)}/decision`, { action: 'approve', approved_limit: 6_000_000 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(data<Resource>(approved).attributes).toMatchObject({ status: 'approved', approved_limit: 6_000_000 });
    expect(await creditLimit()).toBe(6_000_000);

    expect(await decisions()).toEqual([
      { after: { application_id: id, action: 'review', status: 'under_review' }, note: null },
      { after: { application_id: id, action: 'request_info', status: 'more_info_needed' }, note: 'Please send the bank statement.' },
      { after: { application_id: id, action: 'approve', status: 'approved', approved_limit: 6_000_000 }, note: null },
    ]);
    const audit = data<Array<{ attributes: { action: string } }>>(await publisher.get('/studio/api/tenants/demo/audit'));
    expect(audit.filter((row) => row.attributes.action === 'application_decided')).toHaveLength(3);
  });

  it('refuses bad input with a translated 4xx and writes nothing', async () => {
    const id = await apply(4_000_000);
    const publisher = await operator(api, 'publisher');
    const before = await decisions();
    const refusals: Array<[string, Record<string, unknown>, number, string]> = [
      [`${path(id)}/decision`, { action: 'request_info' }, 400, ErrorCode.fieldRequired],
      [`${path(id)}/decision`, { action: 'request_info', note: '   ' }, 400, ErrorCode.fieldRequired],
      [`${path(id)}/decision`, { action: 'review', approved_limit: 10 }, 400, ErrorCode.invalidRequest],
      [`${path(id)}/decision`, { action: 'approve', approved_limit: -5 }, 400, ErrorCode.invalidRequest],
      [`${path(id)}/decision`, { action: 'bless' }, 400, ErrorCode.invalidRequest],
      [`${path(id)}/decision`, { action: 'answer', note: 'x' }, 400, ErrorCode.invalidRequest],
      [`${path(999_999)}/decision`, { action: 'review' }, 404, ErrorCode.applicationNotFound],
      // The fleet tenant has no application by the demo's number.
      [`/studio/api/tenants/fleet/applications/${id}/decision`, { action: 'review' }, 404, ErrorCode.applicationNotFound],
    ];
    for (const [url, body, status, code] of refusals) {
      const response = await publisher.post(url, body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
      expect(firstError(response).code).toBe(code);
      expect(englishError(code), code).toEqual(expect.any(String));
    }
    expect((await publisher.post(`${path(id)}/decision`, { action: 'decline' })).statusCode).toBe(200);
    // Decided is final: 409, and no second audit row.
    const again = await publisher.post(`${path(id)}/decision`, { action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(firstError(again).code).toBe(ErrorCode.applicationTransitionRefused);
    expect(data<Resource>(await publisher.get(path(id))).attributes.status).toBe('declined');
    expect((await decisions()).length).toBe(before.length + 1);
    expect((await publisher.get(path('12345678901'))).statusCode).toBe(400);
  });
});
