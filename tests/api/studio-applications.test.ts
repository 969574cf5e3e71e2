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

  it('pages the list on the server, newest first, with its total, a status filter and a search', async () => {
    const auditor = await operator(api, 'auditor');
    const ids = [await apply(1_100_000), await apply(1_200_000), await apply(1_300_000)];
    const list = async (query: string) => {
      const response = await auditor.get(`/studio/api/tenants/demo/applications${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const document = response.json() as {
        data: Resource[];
        meta: { page: { number: number; size: number; total: number; pages: number } };
      };
      return { ids: document.data.map((row) => row.attributes.application_id), page: document.meta.page };
    };
    const all = await list('');
    expect(all.page).toMatchObject({ number: 1, size: 25 });
    expect(all.page.total).toBeGreaterThanOrEqual(ids.length);
    // Newest first: the last application made leads.
    expect(all.ids[0]).toBe(ids[2]);
    const first = await list('?page[size]=2');
    const second = await list('?page[size]=2&page[number]=2');
    expect(first.ids).toHaveLength(2);
    expect(first.page).toMatchObject({ size: 2, total: all.page.total, pages: Math.ceil(all.page.total / 2) });
    expect(second.ids[0]).toBe(all.ids[2]);
    expect(new Set([...first.ids, ...second.ids]).size).toBe(first.ids.length + second.ids.length);
    const past = await list(`?page[size]=2&page[number]=${all.page.pages + 5}`);
    expect(past).toMatchObject({ ids: [], page: { total: all.page.total } });

    const publisher = await operator(api, 'publisher');
    expect((await publisher.post(`${path(ids[0]!)}/decision`, { action: 'review' })).statusCode).toBe(200);
    const reviewing = await list('?filter[status]=under_review');
    expect(reviewing.ids).toContain(ids[0]);
    expect(reviewing.ids).not.toContain(ids[1]);
    expect(reviewing.page.total).toBe(reviewing.ids.length);

    // The search: an application's number, its customer or its company (any case, part of it).
    expect((await list(`?filter[search]=${ids[1]}`)).ids).toContain(ids[1]);
    expect((await list(`?filter[search]=${ids[1]}`)).ids).not.toContain(ids[2]);
    expect((await list('?filter[search]=studio%20test%20FREIGHT')).ids).toEqual(expect.arrayContaining(ids));
    expect((await list('?filter[search]=c-1001')).ids).toEqual(expect.arrayContaining(ids));
    expect(await list('?filter[search]=no%20such%20company&filter[status]=submitted')).toMatchObject({ ids: [], page: { total: 0 } });
    // LIKE's wildcards typed by an operator are plain characters.
    expect((await list('?filter[search]=%25')).ids).toEqual([]);
    // The other tenant's list holds none of the demo's.
    const fleet = await auditor.get('/studio/api/tenants/fleet/applications?filter[search]=studio');
    expect(data<Resource[]>(fleet).map((row) => row.attributes.application_id)).not.toContain(ids[0]);
  });

  it('refuses a bad page, status or parameter with a translated 400', async () => {
    const auditor = await operator(api, 'auditor');
    const refused: Array<[string, string]> = [
      ['page[size]=0', 'page[size]'],
      ['page[size]=101', 'page[size]'],
      ['page[size]=99999999', 'page[size]'],
      ['page[size]=ten', 'page[size]'],
      ['page[number]=0', 'page[number]'],
      ['page[number]=-1', 'page[number]'],
      ['filter[status]=pending', 'filter[status]'],
      [`filter[search]=${'x'.repeat(101)}`, 'filter[search]'],
      ['filter[sort]=company_name', 'filter[sort]'],
      ['filter[owner]=me', 'filter[owner]'],
    ];
    for (const [query, parameter] of refused) {
      const response = await auditor.get(`/studio/api/tenants/demo/applications?${query}`);
      expect(response.statusCode, `${query} ${response.body}`).toBe(400);
      expect(firstError(response), query).toMatchObject({ code: ErrorCode.invalidFilter, source: { parameter } });
      expect(englishError(ErrorCode.invalidFilter)).toEqual(expect.any(String));
    }
  });
});
