import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  allowedResponses,
  DISPUTE_STATUSES,
  RESPONSE_WINDOW_DAYS,
  SIDE_ACTIONS,
  type DisputeSide,
  type DisputeStatus,
} from '../../domain/disputes.ts';
import { invoiceFor } from '../../server/db/seed.ts';
import { testJobRunner } from '../support/payments.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * Issue 14 server completions: every transition x side x role against domain/disputes.ts,
 * refusals writing nothing, disputed amounts, supporting documents, the other side's notice and
 * the contacts' mail, the daily expiry job, the bulk download and the dealer's roll-up counts.
 */

interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
}
const data = (response: LightMyRequestResponse) => (response.json() as { data: Resource[] }).data;
const meta = (response: LightMyRequestResponse) =>
  (response.json() as { errors: Array<{ meta?: Record<string, unknown> }> }).errors[0]?.meta;
const PDF = (text: string) => Buffer.from(`%PDF-1.4 ${text}`).toString('base64');

let api: TestApi;
let admin: ApiClient;
let corporate: ApiClient;
let payer: ApiClient;
let viewer: ApiClient;
let dealer: ApiClient;
let merchantPayer: ApiClient;

async function signedIn(username: string): Promise<ApiClient> {
  const client = api.client();
  const response = await client.login(username);
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.body}`);
  return client;
}

/** Everything a response could write: the dispute, its responses, notices, audit rows, queued mail and the invoice. */
async function footprint(disputeId: number) {
  const dispute = await api.db.selectFrom('disputes').selectAll().where('dispute_id', '=', disputeId).executeTakeFirstOrThrow();
  const count = async (table: 'dispute_responses' | 'notifications' | 'audit_log' | 'jobs') =>
    Number(
      (
        await api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const invoice = await api.db
    .selectFrom('invoices')
    .select(['status', 'disputed_total_minor'])
    .where('trx_id', '=', dispute.trx_id)
    .executeTakeFirstOrThrow();
  return {
    dispute,
    invoice,
    responses: await count('dispute_responses'),
    notices: await count('notifications'),
    audit: await count('audit_log'),
    jobs: await count('jobs'),
  };
}

beforeAll(async () => {
  api = await startTestApi();
  // A merchant user without the response right (spec §6: dispute response is admin only).
  const dealerRow = await api.db.selectFrom('users').selectAll().where('username', '=', 'dealer').executeTakeFirstOrThrow();
  const { user_id: _id, created_at: _created, ...rest } = dealerRow;
  const { user_id: merchantPayerId } = await api.db
    .insertInto('users')
    .values({ ...rest, username: 'dealerpayer', email_address: 'dealerpayer@demo.example', role: 'Payer' })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await api.db.insertInto('user_merchants').values({ user_id: merchantPayerId, buid_merchant: 'M-2001' }).execute();
  // A customer admin of C-1004 only: C-1001's disputes are not theirs.
  const adminRow = await api.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
  const { user_id: _adminId, created_at: _adminCreated, ...adminRest } = adminRow;
  const { user_id: outsiderId } = await api.db
    .insertInto('users')
    .values({ ...adminRest, username: 'outsider', email_address: 'outsider@demo.example', user_group_id: null })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await api.db.insertInto('user_customers').values({ user_id: outsiderId, buid_customer: 'C-1004' }).execute();
  [admin, corporate, payer, viewer, dealer, merchantPayer] = (await Promise.all(
    ['admin', 'corporate', 'payer', 'viewer', 'dealer', 'dealerpayer'].map(signedIn),
  )) as [ApiClient, ApiClient, ApiClient, ApiClient, ApiClient, ApiClient];
});
afterAll(async () => {
  await api?.close();
});

describe('every transition x side x role follows domain/disputes.ts', () => {
  // Dispute 1: C-1001 and M-2001, which admin, corporate, payer, viewer and dealer all reach.
  const DISPUTE = 1;
  const responders: Array<{ who: string; side: DisputeSide; client: () => ApiClient; allowed: boolean }> = [
    { who: 'customer admin', side: 'customer', client: () => admin, allowed: true },
    { who: 'corporate admin', side: 'customer', client: () => corporate, allowed: true },
    { who: 'payer', side: 'customer', client: () => payer, allowed: false },
    { who: 'view only', side: 'customer', client: () => viewer, allowed: false },
    { who: 'dealer (merchant admin)', side: 'merchant', client: () => dealer, allowed: true },
    { who: 'merchant payer', side: 'merchant', client: () => merchantPayer, allowed: false },
  ];

  async function setState(status: DisputeStatus, expired: boolean) {
    const now = api.clock.now();
    const due = new Date(now.getTime() + (expired ? -1 : 3) * 86_400_000);
    await api.db
      .updateTable('disputes')
      .set({ status, response_due_at: due, closed_at: status === 'closed' ? now : null })
      .where('dispute_id', '=', DISPUTE)
      .execute();
    await api.db
      .updateTable('invoices')
      .set({ status: status === 'closed' ? 'Billed' : 'Disputed' })
      .where('trx_id', '=', invoiceFor('dispute1'))
      .execute();
  }

  for (const status of DISPUTE_STATUSES) {
    for (const expired of [false, true]) {
      it(`${status}${expired ? ', expired' : ''}`, async () => {
        for (const responder of responders) {
          for (const action of SIDE_ACTIONS[responder.side]) {
            await setState(status, expired);
            const before = await footprint(DISPUTE);
            const now = api.clock.now();
            const expected = responder.allowed && allowedResponses(before.dispute, responder.side, now).includes(action);
            const response = await responder.client().post(`/ecaas/${responder.side}-dispute-response`, {
              dispute_ids: [DISPUTE],
              action,
              comment: `${responder.who}: ${action}`,
            });
            const label = `${responder.who} ${action} on ${status}${expired ? ' (expired)' : ''}`;
            if (expected) {
              expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
              const after = await footprint(DISPUTE);
              expect(after.responses, label).toBe(before.responses + 1);
              expect(after.notices, label).toBe(before.notices + 1);
              expect(after.audit, label).toBe(before.audit + 1);
              expect(after.jobs, label).toBe(before.jobs + 1);
            } else {
              expect(response.statusCode, label).toBe(responder.allowed ? 422 : 403);
              if (responder.allowed) expect(errorCode(response), label).toBe('errors.disputes.ineligible');
              expect(await footprint(DISPUTE), label).toEqual(before);
            }
          }
        }
      });
    }
  }
});

describe('a response tells the other side', () => {
  it("a notice for the merchant's users only, and mail to the dispute's contacts through the job runner", async () => {
    // Dispute 5 (C-1001, M-2001) waits on the merchant and has one contact, Alex Morgan.
    await api.db
      .updateTable('disputes')
      .set({ status: 'waiting on merchant', response_due_at: new Date(api.clock.now().getTime() + 86_400_000), closed_at: null })
      .where('dispute_id', '=', 5)
      .execute();
    const dealerNotices = async () => data(await dealer.get('/ecaas/notifications')).map((row) => row.attributes.text_title);
    const payerNotices = async () => data(await payer.get('/ecaas/notifications')).map((row) => row.attributes.text_title);
    const beforeDealer = await dealerNotices();
    const beforePayer = await payerNotices();
    api.mailer.sent.length = 0;

    const refund = { doc_type_id: 2, file_name: 'refund.pdf', mime_type: 'application/pdf', content_base64: PDF('refund') };
    const response = await dealer.post('/ecaas/merchant-dispute-response', {
      dispute_ids: [5],
      action: 'respond_to_customer',
      comment: 'Refund issued',
      documents: [refund],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await payerNotices()).toEqual(['The merchant responded to your dispute', ...beforePayer]);
    expect(await dealerNotices()).toEqual(beforeDealer);

    const answer = await admin.post('/ecaas/customer-dispute-response', {
      dispute_ids: [5],
      action: 'respond_to_merchant',
      comment: 'Refund received',
      documents: [refund],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await dealerNotices()).toEqual(['The customer responded to a dispute', ...beforeDealer]);

    await testJobRunner(api).runDue();
    const mails = api.mailer.sent.filter((mail) => mail.subject.startsWith('Dispute 5 '));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['admin@demo.example', `Dispute 5 on invoice ${await invoiceIdOf(invoiceFor('dispute5'))}: Respond to customer`],
      ['admin@demo.example', `Dispute 5 on invoice ${await invoiceIdOf(invoiceFor('dispute5'))}: Respond to merchant`],
    ]);
    expect(mails[1]?.text).toContain('Comment: Refund received');
    expect(mails[1]?.text).toContain('Status: Waiting on merchant');
  });
});

async function invoiceIdOf(trxId: string): Promise<string> {
  return (await api.db.selectFrom('invoices').select('invoice_id').where('trx_id', '=', trxId).executeTakeFirstOrThrow()).invoice_id;
}

describe('disputed amounts and supporting documents', () => {
  const body = (extra: Record<string, unknown>) => ({
    dispute_reason_id: 1,
    description: 'Delivery short by two pallets',
    is_chargeback: false,
    ...extra,
  });
  const disputesOf = async (trxId: string) => api.db.selectFrom('disputes').select('dispute_id').where('trx_id', '=', trxId).execute();

  it('refuses an amount above what is open, zero, or for an invoice not in the request, writing nothing', async () => {
    const trxId = 'T-1001-0005';
    const invoice = await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', trxId).executeTakeFirstOrThrow();
    const open = invoice.current_due_minor + invoice.past_due_minor;
    const before = await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', trxId).executeTakeFirstOrThrow();
    const above = await payer.post('/ecaas/disputes', body({ invoice_ids: [trxId], amounts: [{ trx_id: trxId, amount_minor: open + 1 }] }));
    expect([above.statusCode, errorCode(above)]).toEqual([422, 'errors.disputes.amountAboveOpen']);
    expect(meta(above)).toMatchObject({ trx_id: trxId, max_minor: open });
    const zero = await payer.post('/ecaas/disputes', body({ invoice_ids: [trxId], amounts: [{ trx_id: trxId, amount_minor: 0 }] }));
    expect([zero.statusCode, errorCode(zero)]).toEqual([422, 'errors.disputes.amountInvalid']);
    const stranger = await payer.post(
      '/ecaas/disputes',
      body({ invoice_ids: [trxId], amounts: [{ trx_id: 'T-1001-0006', amount_minor: 100 }] }),
    );
    expect(stranger.statusCode).toBe(422);
    expect(await disputesOf(trxId)).toEqual([]);
    expect(await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', trxId).executeTakeFirstOrThrow()).toEqual(before);

    const partial = await payer.post('/ecaas/disputes', body({ invoice_ids: [trxId], amounts: [{ trx_id: trxId, amount_minor: 1234 }] }));
    expect(partial.statusCode, partial.body).toBe(201);
    expect(data(partial)[0]?.attributes.amount_minor).toBe(1234);
    const disputed = await api.db
      .selectFrom('invoices')
      .select(['status', 'disputed_total_minor'])
      .where('trx_id', '=', trxId)
      .executeTakeFirstOrThrow();
    expect(disputed).toEqual({ status: 'Disputed', disputed_total_minor: 1234 });
  });

  it('a reason that needs documentation needs a document of a type, one per transaction, within the file rules', async () => {
    const trxId = 'T-1001-0006';
    const reason = { dispute_reason_id: 3, invoice_ids: [trxId] };
    const doc = (extra: Record<string, unknown> = {}) => ({
      trx_id: trxId,
      doc_type_id: 2,
      file_name: 'pod.pdf',
      mime_type: 'application/pdf',
      content_base64: PDF('pod'),
      ...extra,
    });
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{}, 422, 'errors.disputes.documentRequired'],
      [{ documents: [doc({ doc_type_id: null })] }, 400, 'errors.validation.required'],
      [{ documents: [doc(), doc({ file_name: 'pod-2.pdf' })] }, 422, 'errors.files.oneDocumentPerTransaction'],
      [
        { documents: [doc({ content_base64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64') })] },
        422,
        'errors.files.invalid',
      ],
      [{ documents: [doc({ file_name: 'run.exe', mime_type: 'application/octet-stream' })] }, 422, 'errors.files.unsupportedType'],
      [{ documents: [doc({ content_base64: 'not base64!' })] }, 422, 'errors.files.invalid'],
      [{ documents: [doc({ doc_type_id: 99 })] }, 422, 'errors.request.invalid'],
    ];
    for (const [extra, status, code] of refusals) {
      const response = await payer.post('/ecaas/disputes', body({ ...reason, ...extra }));
      expect([response.statusCode, errorCode(response)], JSON.stringify(extra).slice(0, 120)).toEqual([status, code]);
    }
    expect(await disputesOf(trxId)).toEqual([]);
    expect(await api.db.selectFrom('dispute_documents').select('id').where('trx_id', '=', trxId).execute()).toEqual([]);

    const created = await payer.post('/ecaas/disputes', body({ ...reason, documents: [doc()] }));
    expect(created.statusCode, created.body).toBe(201);
    const disputeId = Number(data(created)[0]?.id);
    const documents = await payer.get(`/ecaas/customer-dispute-documents?filter[dispute_id]=${disputeId}`);
    expect(data(documents).map((row) => row.attributes)).toEqual([
      {
        id: expect.any(Number),
        dispute_id: disputeId,
        file_name: 'pod.pdf',
        file_size: Buffer.from(PDF('pod'), 'base64').length,
        entry_ts: expect.any(String),
        document_type: 'Proof of delivery',
        invoice_id: await invoiceIdOf(trxId),
        url: expect.stringMatching(new RegExp(`^/ecaas/customer-disputes/${disputeId}/documents/\\d+/content$`)),
      },
    ]);
    const url = String(data(documents)[0]?.attributes.url);
    const download = await payer.get(url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.toString()).toBe('%PDF-1.4 pod');
    // The merchant side reads it through its own path; other customers cannot.
    expect((await dealer.get(url.replace('customer-disputes', 'merchant-disputes'))).statusCode).toBe(200);
    const outsider = await signedIn('outsider');
    expect((await outsider.get(url)).statusCode).toBe(404);
    expect((await outsider.get(`/ecaas/customer-dispute-documents?filter[dispute_id]=${disputeId}`)).statusCode).toBe(404);
    // The details by transaction (spec §2 /dispute-center/{invoice_id}) show it too.
    const detail = await payer.get(`/ecaas/customer-disputes/by-transaction/${trxId}`);
    expect((detail.json() as { data: Resource }).data.attributes).toMatchObject({ dispute_id: disputeId, documentation_required: 'Y' });
    expect((await payer.get('/ecaas/customer-disputes/by-transaction/T-1002-0001')).statusCode).toBe(404);
  });
});

describe('bulk download and counts', () => {
  it("downloads the selected disputes as CSV, on the caller's side only", async () => {
    const response = await admin.get(
      '/ecaas/customer-disputes.csv?filter[buid_customer]=C-1001&filter[dispute_id]=2,4&filter[sort]=created_at|asc',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'dispute_id,invoice_id,trx_id,status,expired,days_left_to_respond,reason,description,amount,currency,is_chargeback,customer,merchant,created_at,response_due_at,response_date',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['4', '2']);
    expect((await dealer.get('/ecaas/customer-disputes.csv')).statusCode).toBe(403);
    expect((await admin.get('/ecaas/customer-disputes.csv?filter[dispute_id]=x')).statusCode).toBe(400);
  });

  it("counts all of a dealer's merchants when none is chosen", async () => {
    const all = (await dealer.get('/ecaas/merchant-dispute/count')).json() as {
      data: { attributes: { open_disputes: number; closed_disputes: number } };
    };
    const one = async (merchant: string) =>
      ((await dealer.get(`/ecaas/merchant-dispute/count?filter[buid_merchant]=${merchant}`)).json() as typeof all).data.attributes;
    const [first, second] = [await one('M-2001'), await one('M-2002')];
    expect(all.data.attributes).toMatchObject({
      open_disputes: first.open_disputes + second.open_disputes,
      closed_disputes: first.closed_disputes + second.closed_disputes,
    });
  });
});

/** Last: it moves the clock on, past the sessions' lifetime. */
describe('the daily expiry job', () => {
  it('marks disputes past their response time once, with an audit row and a notice to both sides', async () => {
    const runner = testJobRunner(api);
    const expiredAt = () =>
      api.db
        .selectFrom('disputes')
        .select(['dispute_id', 'expired_at'])
        .where('expired_at', 'is not', null)
        .orderBy('dispute_id')
        .execute();
    const audits = async () =>
      (await api.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'dispute.expired').execute()).length;
    await runner.tick();
    const first = await expiredAt();
    // Open disputes already past their time in the demo data (dispute 3 at least).
    expect(first.map((row) => row.dispute_id)).toContain(3);
    expect(await audits()).toBe(first.length);
    const payerNotices = data(await payer.get('/ecaas/notifications')).map((row) => row.attributes.text_title);
    expect(payerNotices).toContain('A dispute expired');

    // Again the same day: nothing new. A day after a new dispute's window: it is marked.
    await runner.tick();
    expect(await expiredAt()).toEqual(first);
    const created = await admin.post('/ecaas/disputes', {
      invoice_ids: ['T-1003-0001'],
      dispute_reason_id: 1,
      description: 'Late fee charged in error',
      is_chargeback: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const disputeId = Number(data(created)[0]?.id);
    api.clock.advanceDays(RESPONSE_WINDOW_DAYS + 1);
    await runner.tick();
    expect((await expiredAt()).map((row) => row.dispute_id)).toContain(disputeId);
    // Expired: it takes no response, from either side.
    // Sessions lapse over the days that passed: sign in again.
    const refused = await (await signedIn('admin')).post('/ecaas/customer-dispute-response', {
      dispute_ids: [disputeId],
      action: 'close',
      comment: 'Too late',
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([422, 'errors.disputes.ineligible']);
    const dealerAgain = await signedIn('dealer');
    const merchantSide = await dealerAgain.post('/ecaas/merchant-dispute-response', {
      dispute_ids: [disputeId],
      action: 'respond_to_customer',
      comment: 'Too late',
    });
    expect([merchantSide.statusCode, errorCode(merchantSide)]).toEqual([422, 'errors.disputes.ineligible']);
  });
});

describe('supporting documents with a response (issue 14 follow-up)', () => {
  // Last in the file: its responses queue mail the tests above count. Dispute 5 (C-1001, M-2001, reason "Unauthorised transaction": documentation required) waits on the merchant.
  const DISPUTE = 5;
  const doc = (extra: Record<string, unknown> = {}) => ({
    doc_type_id: 2,
    file_name: 'refund.pdf',
    mime_type: 'application/pdf',
    content_base64: PDF('refund note'),
    ...extra,
  });
  const answer = (extra: Record<string, unknown> = {}) =>
    dealer.post('/ecaas/merchant-dispute-response', {
      dispute_ids: [DISPUTE],
      action: 'respond_to_customer',
      comment: 'Refund issued',
      ...extra,
    });
  const documentsOf = () =>
    api.db.selectFrom('dispute_documents').select(['id', 'file_name']).where('dispute_id', '=', DISPUTE).orderBy('id').execute();

  // Fresh sessions: the expiry test above moved the clock past the earlier ones.
  let dealer: ApiClient;
  let payer: ApiClient;
  let admin: ApiClient;
  beforeAll(async () => {
    [dealer, payer, admin] = [await signedIn('dealer'), await signedIn('payer'), await signedIn('admin')];
    await api.db
      .updateTable('disputes')
      .set({ status: 'waiting on merchant', response_due_at: new Date(api.clock.now().getTime() + 3 * 86_400_000), closed_at: null })
      .where('dispute_id', '=', DISPUTE)
      .execute();
  });

  it('refuses a response without a document when the reason needs one, or with a bad file, writing nothing', async () => {
    const limits = api.tenants.forHost('localhost')!.limits.files;
    const big = Buffer.concat([Buffer.from('%PDF-1.4 '), Buffer.alloc(limits.maxSizeBytes + 1 - 9, 0x20)]).toString('base64');
    const before = await footprint(DISPUTE);
    const documentsBefore = await documentsOf();
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{}, 422, 'errors.disputes.documentRequired'],
      [{ documents: [] }, 422, 'errors.disputes.documentRequired'],
      [{ documents: [doc({ content_base64: big })] }, 422, 'errors.files.tooBig'],
      [{ documents: [doc({ file_name: 'run.exe', mime_type: 'application/octet-stream' })] }, 422, 'errors.files.unsupportedType'],
      [{ documents: [doc({ file_name: 'refund.png', mime_type: 'image/png' })] }, 422, 'errors.files.invalid'],
      [{ documents: [doc({ doc_type_id: null })] }, 400, 'errors.validation.required'],
      [{ documents: [doc({ doc_type_id: 99 })] }, 422, 'errors.request.invalid'],
      [
        { documents: Array.from({ length: limits.maxFilesPerUpload + 1 }, (_, index) => doc({ file_name: `r${index}.pdf` })) },
        422,
        'errors.files.tooManyFiles',
      ],
    ];
    for (const [extra, status, code] of refusals) {
      const response = await answer(extra);
      expect([response.statusCode, errorCode(response)], JSON.stringify(extra).slice(0, 120)).toEqual([status, code]);
    }
    const required = await answer();
    expect(meta(required)).toEqual({ dispute_ids: [DISPUTE] });
    expect(await footprint(DISPUTE)).toEqual(before);
    expect(await documentsOf()).toEqual(documentsBefore);
  });

  it('stores the documents with the response: listed for both sides, downloadable, in the details', async () => {
    const before = await documentsOf();
    const response = await answer({ documents: [doc()] });
    expect(response.statusCode, response.body).toBe(200);
    expect(data(response)[0]?.attributes.status).toBe('waiting on customer');
    const added = (await documentsOf()).slice(before.length);
    expect(added.map((row) => row.file_name)).toEqual(['refund.pdf']);

    const listed = data(await payer.get(`/ecaas/customer-dispute-documents?filter[dispute_id]=${DISPUTE}`)).map((row) => row.attributes);
    const stored = listed.find((row) => row.id === added[0]?.id);
    expect(stored).toMatchObject({ file_name: 'refund.pdf', document_type: 'Proof of delivery', dispute_id: DISPUTE });
    const download = await payer.get(String(stored?.url));
    expect([download.statusCode, download.rawPayload.toString()]).toEqual([200, '%PDF-1.4 refund note']);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect((await dealer.get(String(stored?.url).replace('customer-disputes', 'merchant-disputes'))).statusCode).toBe(200);
    const detail = await dealer.get(`/ecaas/merchant-disputes/${DISPUTE}`);
    const documents = (detail.json() as { data: Resource }).data.attributes.supporting_documents as Array<Record<string, unknown>>;
    expect(documents.map((row) => row.file_name)).toContain('refund.pdf');

    // A reason without documentation_required takes a response without one (dispute 1, made open).
    await api.db
      .updateTable('disputes')
      .set({ status: 'open', response_due_at: new Date(api.clock.now().getTime() + 3 * 86_400_000), closed_at: null })
      .where('dispute_id', '=', 1)
      .execute();
    const plain = await admin.post('/ecaas/customer-dispute-response', {
      dispute_ids: [1],
      action: 'respond_to_merchant',
      comment: 'See the contract',
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('keeps each document type to its maximum on a dispute, counting the documents it holds (spec §5)', async () => {
    // "Invoice copy" (type 1) allows one attachment; dispute 5 holds none of it yet.
    const copy = (name: string) => doc({ doc_type_id: 1, file_name: name });
    const heldCopies = async () =>
      (await api.db.selectFrom('dispute_documents').select('id').where('dispute_id', '=', DISPUTE).where('doc_type_id', '=', 1).execute())
        .length;
    expect(await heldCopies()).toBe(0);
    await api.db.updateTable('disputes').set({ status: 'waiting on merchant' }).where('dispute_id', '=', DISPUTE).execute();
    const before = await footprint(DISPUTE);
    const two = await answer({ documents: [copy('copy-1.pdf'), copy('copy-2.pdf')] });
    expect([two.statusCode, errorCode(two)], two.body).toEqual([422, 'errors.files.documentTypeLimit']);
    expect(meta(two)).toEqual({ maximum: 1, existing: 0, doc_type_id: 1 });
    expect(await footprint(DISPUTE)).toEqual(before);

    expect((await answer({ documents: [copy('copy-1.pdf')] })).statusCode).toBe(200);
    const documentsBefore = await documentsOf();
    const again = await admin.post('/ecaas/customer-dispute-response', {
      dispute_ids: [DISPUTE],
      action: 'respond_to_merchant',
      comment: 'Another copy',
      documents: [copy('copy-3.pdf')],
    });
    expect([again.statusCode, errorCode(again)]).toEqual([422, 'errors.files.documentTypeLimit']);
    expect(meta(again)).toEqual({ maximum: 1, existing: 1, doc_type_id: 1 });
    expect(await documentsOf()).toEqual(documentsBefore);
    expect(await heldCopies()).toBe(1);
  });
});
