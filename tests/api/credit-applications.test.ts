import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { minimalPdf } from '../../server/db/seed/util.ts';
import { errorCode, startTestApi, TEST_OPERATOR_KEY, type ApiClient, type TestApi } from '../support/api.ts';
import { testJobRunner } from '../support/payments.ts';

/**
 * Issue 26, the application centre: a customer applies, the operator decides through its own API
 * (a service key, no portal user), every change notifies the applicant (notification and mail),
 * illegal moves are refused with 409 and change nothing, and an approval sets the credit limit
 * the exposure shows.
 */
let api: TestApi;
let payer: ApiClient;
let admin: ApiClient;
let operator: ApiClient;

beforeAll(async () => {
  api = await startTestApi();
  payer = api.client();
  await payer.loginWithCustomer('payer', 'C-1001');
  admin = api.client();
  await admin.loginWithCustomer('admin', 'C-1001');
  operator = api.client();
});
afterAll(async () => {
  await api?.close();
});

const operatorHeaders = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };
const decide = (id: number, body: Record<string, unknown>, headers: Record<string, string> = operatorHeaders) =>
  operator.post(`/operator/credit-applications/${id}/decision`, body, headers);

const application = (extra: Record<string, unknown> = {}) => ({
  buid_customer: 'C-1001',
  company: { company_name: 'Acme Freight LLC', registration_number: 'US-4455', country: 'US', address: '1 Harbour Road, Houston TX' },
  contacts: { contact_name: 'Dana Fox', contact_email: 'dana@acme.example', contact_phone: '713-555-0100' },
  limit: { kind: 'increase', requested_limit: 9_000_000, currency: 'USD' },
  references: {
    trade_references: [{ name: 'Globex Supply', contact_name: 'Ann Lee', email: 'ann@globex.example', phone: '555-123-4567' }],
  },
  ...extra,
});

interface Attributes {
  application_id: number;
  status: string;
  can_answer: boolean;
  history: Array<{ status: string; actor: string; note: string | null }>;
  approved_limit: number | null;
  requested_limit: number;
  documents: Array<{ file_name: string; document_type: string }>;
}
const attributesOf = (response: { json(): unknown }) => (response.json() as { data: { attributes: Attributes } }).data.attributes;

async function countRows(
  table: 'credit_applications' | 'credit_application_events' | 'notifications' | 'jobs' | 'credit_application_documents',
) {
  return Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
async function creditLimit(customer: string) {
  const response = await payer.get(`/exposures?filter[buid_customer]=${customer}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Array<{ attributes: { credit_limit: number | null } }> }).data[0]?.attributes.credit_limit;
}
const noticeTitles = async (client: ApiClient) =>
  ((await client.get('/ecaas/notifications')).json() as { data: Array<{ attributes: { text_title: string } }> }).data.map(
    (row) => row.attributes.text_title,
  );

describe('a customer applies and the operator decides', () => {
  it('submit → under review → more information → answer → approved: each change notified, the limit changed', async () => {
    const limitBefore = await creditLimit('C-1001');
    api.mailer.sent.length = 0;

    const created = await payer.post('/credit-applications', application());
    expect(created.statusCode, created.body).toBe(201);
    const { application_id: id, status } = attributesOf(created);
    expect(status).toBe('submitted');
    expect(await noticeTitles(payer)).toContain(`Application ${id} received`);
    // Another user of the same customer sees the application but not the applicant's notices;
    // a view-only user is not offered the application centre at all.
    expect((await admin.get(`/credit-applications/${id}`)).statusCode).toBe(200);
    expect(await noticeTitles(admin)).not.toContain(`Application ${id} received`);
    const viewer = api.client();
    await viewer.loginWithCustomer('viewer', 'C-1001');
    expect((await viewer.get(`/credit-applications/${id}`)).statusCode).toBe(403);

    expect((await decide(id, { action: 'review' })).statusCode).toBe(200);
    const asked = await decide(id, { action: 'request_info', note: 'Please send the last two annual reports.' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(attributesOf(asked)).toMatchObject({ status: 'more_info_needed', can_answer: true });

    const answered = await payer.post(`/credit-applications/${id}/answer`, { answer: 'Uploaded both reports.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(attributesOf(answered).status).toBe('under_review');

    const approved = await decide(id, { action: 'approve', approved_limit: 8_500_000, note: 'Approved at 85,000.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(attributesOf(approved)).toMatchObject({ status: 'approved', approved_limit: 8_500_000, can_answer: false });
    expect(attributesOf(approved).history.map((event) => [event.status, event.actor])).toEqual([
      ['submitted', 'applicant'],
      ['under_review', 'operator'],
      ['more_info_needed', 'operator'],
      ['under_review', 'applicant'],
      ['approved', 'operator'],
    ]);

    expect(limitBefore).not.toBe(8_500_000);
    expect(await creditLimit('C-1001')).toBe(8_500_000);
    expect(await noticeTitles(payer)).toEqual(
      expect.arrayContaining([
        `Application ${id} received`,
        `Application ${id} is under review`,
        `Application ${id} needs more information`,
        `Application ${id} approved`,
      ]),
    );

    await testJobRunner(api).runDue();
    const mails = api.mailer.sent.filter((mail) => mail.subject.includes(` ${id}:`));
    expect(mails).toHaveLength(5);
    expect(mails[2]?.text).toContain('Please send the last two annual reports.');
    expect(mails[4]?.text).toContain('85000.00 USD');
  });

  it('refuses an illegal move with 409 and a translated code, changing nothing', async () => {
    const id = attributesOf(await payer.post('/credit-applications', application())).application_id;
    const before = await Promise.all([countRows('credit_application_events'), countRows('notifications'), countRows('jobs')]);
    const answer = await payer.post(`/credit-applications/${id}/answer`, { answer: 'Nobody asked yet' });
    expect([answer.statusCode, errorCode(answer)]).toEqual([409, ErrorCode.applicationTransitionRefused]);
    expect((answer.json() as { errors: Array<{ meta: unknown }> }).errors[0]!.meta).toEqual({ status: 'submitted', action: 'answer' });

    expect((await decide(id, { action: 'decline', note: 'Too little trading history.' })).statusCode).toBe(200);
    const after = await Promise.all([countRows('credit_application_events'), countRows('notifications'), countRows('jobs')]);
    const again = await decide(id, { action: 'approve' });
    expect([again.statusCode, errorCode(again)]).toEqual([409, ErrorCode.applicationTransitionRefused]);
    expect(await Promise.all([countRows('credit_application_events'), countRows('notifications'), countRows('jobs')])).toEqual(after);
    expect(after[0]).toBe(before[0] + 1);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const before = await countRows('credit_applications');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [application({ limit: { kind: 'increase', requested_limit: 0, currency: 'USD' } }), 422, ErrorCode.applicationLimitInvalid],
      [application({ limit: { kind: 'increase', requested_limit: 100, currency: 'JPY' } }), 422, ErrorCode.applicationCurrencyNotOffered],
      [application({ limit: { kind: 'increase', requested_limit: 12.5, currency: 'USD' } }), 400, ErrorCode.invalidRequest],
      [
        application({ contacts: { contact_name: 'Dana', contact_email: 'not-an-email', contact_phone: '713-555-0100' } }),
        400,
        ErrorCode.invalidRequest,
      ],
      [application({ buid_customer: 'C-1002' }), 404, ErrorCode.notFound],
    ];
    for (const [body, status, code] of cases) {
      const response = await payer.post('/credit-applications', body);
      expect([response.statusCode, errorCode(response)], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await countRows('credit_applications')).toBe(before);
  });

  it('the operator must name its question, and an approved limit only with an approval', async () => {
    const id = attributesOf(await payer.post('/credit-applications', application())).application_id;
    const noQuestion = await decide(id, { action: 'request_info' });
    expect([noQuestion.statusCode, errorCode(noQuestion)]).toEqual([400, ErrorCode.fieldRequired]);
    const limitOnDecline = await decide(id, { action: 'decline', approved_limit: 5 });
    expect(limitOnDecline.statusCode).toBe(400);
    expect(attributesOf(await payer.get(`/credit-applications/${id}`)).status).toBe('submitted');
  });
});

describe('the operator API', () => {
  it('refuses every call without the operator key, with a wrong one, and to signed-in portal users', async () => {
    const id = attributesOf(await payer.post('/credit-applications', application())).application_id;
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-key-0123456789abcdefghij' },
      { authorization: TEST_OPERATOR_KEY },
    ]) {
      const response = await decide(id, { action: 'approve' }, headers);
      expect([response.statusCode, errorCode(response)]).toEqual([401, ErrorCode.operatorCredentialInvalid]);
    }
    const asPortalUser = await payer.post(`/operator/credit-applications/${id}/decision`, { action: 'approve' });
    expect(asPortalUser.statusCode).toBe(401);
    expect((await payer.get('/operator/credit-applications')).statusCode).toBe(401);
    expect(attributesOf(await payer.get(`/credit-applications/${id}`)).status).toBe('submitted');
  });

  it("lists the tenant's applications by status, oldest first", async () => {
    const response = await operator.get('/operator/credit-applications?filter[status]=submitted', operatorHeaders);
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json() as { data: Array<{ attributes: Attributes }> }).data.map((row) => row.attributes);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 'submitted')).toBe(true);
    const ids = rows.map((row) => row.application_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("serves no other tenant's applications", async () => {
    const id = attributesOf(await payer.post('/credit-applications', application())).application_id;
    const fleet = api.client('fleet.localhost');
    const response = await fleet.post(`/operator/credit-applications/${id}/decision`, { action: 'approve' }, operatorHeaders);
    expect([response.statusCode, errorCode(response)]).toEqual([404, ErrorCode.applicationNotFound]);
  });
});

describe('a prospective customer applies from the sign-in page', () => {
  it('anonymously: stored without a customer, followed by mail only; no line to increase', async () => {
    const visitor = api.client();
    const { buid_customer: _customer, ...body } = application({ limit: { requested_limit: 2_500_000, currency: 'USD' } });
    const created = await visitor.post('/prospective-credit-applications', body, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { attributes: { application_id: number } } }).data.attributes.application_id;
    const row = await api.db.selectFrom('credit_applications').selectAll().where('application_id', '=', id).executeTakeFirstOrThrow();
    expect([row.buid_customer, row.applicant_user_id, row.kind, row.language]).toEqual([null, null, 'new_line', 'de']);

    const increase = await visitor.post('/prospective-credit-applications', {
      ...body,
      limit: { kind: 'increase', requested_limit: 100, currency: 'USD' },
    });
    expect(increase.statusCode).toBe(400);
    // An approval of a prospective customer's application changes no customer's line.
    const lines = await api.db.selectFrom('credit_lines').selectAll().orderBy('buid_customer').execute();
    expect((await decide(id, { action: 'approve' })).statusCode).toBe(200);
    expect(await api.db.selectFrom('credit_lines').selectAll().orderBy('buid_customer').execute()).toEqual(lines);
    api.mailer.sent.length = 0;
    await testJobRunner(api).runDue();
    expect(api.mailer.sent.filter((mail) => mail.subject.includes(` ${id}:`)).map((mail) => mail.subject)).toEqual([
      `Ihr Kreditantrag ${id}: Eingereicht`,
      `Ihr Kreditantrag ${id}: Genehmigt`,
    ]);
  });

  it("refuses a visitor's application with a document-sized body (anonymous body limit)", async () => {
    const visitor = api.client();
    const response = await visitor.post('/prospective-credit-applications', { ...application(), padding: 'x'.repeat(20_000) });
    expect([response.statusCode, errorCode(response)]).toEqual([413, ErrorCode.payloadTooLarge]);
  });
});

describe('supporting documents', () => {
  const pdf = (name: string, docTypeId: number) => ({
    file_name: name,
    mime_type: 'application/pdf',
    content_base64: Buffer.from(minimalPdf(name)).toString('base64'),
    doc_type_id: docTypeId,
  });

  it("uploads several files, a type each, within the tenant's limits; the application lists them", async () => {
    const id = attributesOf(await payer.post('/credit-applications', application())).application_id;
    const uploaded = await payer.post('/credit-application-documents', {
      application_id: id,
      files: [pdf('report-2025.pdf', 1), pdf('report-2024.pdf', 2)],
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documents = attributesOf(await payer.get(`/credit-applications/${id}`)).documents;
    expect(documents.map((document) => [document.file_name, document.document_type])).toEqual([
      ['report-2025.pdf', 'Invoice copy'],
      ['report-2024.pdf', 'Proof of delivery'],
    ]);
  });

  it('refuses a file without a type, too many files, and any upload to a decided application, writing nothing', async () => {
    const id = attributesOf(await payer.post('/credit-applications', application())).application_id;
    const before = await countRows('credit_application_documents');
    const untyped = await payer.post('/credit-application-documents', {
      application_id: id,
      files: [pdf('a.pdf', 1), { ...pdf('b.pdf', 1), doc_type_id: null }],
    });
    expect([untyped.statusCode, errorCode(untyped)]).toEqual([400, ErrorCode.fieldRequired]);
    expect((untyped.json() as { errors: Array<{ source: { pointer: string } }> }).errors[0]!.source.pointer).toBe('/files/1/doc_type_id');
    const many = await payer.post('/credit-application-documents', {
      application_id: id,
      files: Array.from({ length: 6 }, (_, index) => pdf(`f${index}.pdf`, 2)),
    });
    expect([many.statusCode, errorCode(many)]).toEqual([422, ErrorCode.tooManyFiles]);
    expect((await decide(id, { action: 'decline' })).statusCode).toBe(200);
    const late = await payer.post('/credit-application-documents', { application_id: id, files: [pdf('late.pdf', 1)] });
    expect([late.statusCode, errorCode(late)]).toEqual([409, ErrorCode.applicationTransitionRefused]);
    expect(await countRows('credit_application_documents')).toBe(before);
  });
});
