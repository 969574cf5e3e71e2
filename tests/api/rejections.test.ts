import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
}
interface ListDoc {
  data: Resource[];
  meta?: Record<string, unknown> & { page?: { number: number; size: number; total: number; pages: number } };
}
const doc = (response: LightMyRequestResponse) => response.json() as ListDoc;
const trxIds = (response: LightMyRequestResponse) => doc(response).data.map((row) => row.attributes.trx_id);
const meta = (response: LightMyRequestResponse) =>
  (response.json() as { errors: Array<{ meta?: Record<string, unknown> }> }).errors[0]?.meta;

let api: TestApi;
let payer: ApiClient;
let dealer: ApiClient;
/** rejection_id by trx_id: ids are serial, so look them up rather than assume. */
const idOf = new Map<string, number>();
/** card_identifier by trx_id, as seeded (derived from the demo cards). */
const cardOf = new Map<string, string>();
const masked = (identifier: string) => `${'*'.repeat(identifier.length - 4)}${identifier.slice(-4)}`;

async function signedIn(username: string, host?: string): Promise<ApiClient> {
  const client = api.client(host);
  const response = await client.login(username);
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.body}`);
  return client;
}
const snapshot = async () => ({
  rejections: await api.db
    .selectFrom('rejections')
    .select(['rejection_id', 'status', 'product', 'updated_at'])
    .orderBy('rejection_id')
    .execute(),
  audit: (await api.db.selectFrom('audit_log').select('id').where('entity', '=', 'rejection').execute()).length,
});

beforeAll(async () => {
  api = await startTestApi();
  // A rejection of another customer (C-1002), and one whose resubmission outlasts the deadline.
  await api.db
    .insertInto('rejections')
    .values([
      {
        trx_id: 'R-1002-0001',
        buid_customer: 'C-1002',
        buid_merchant: 'M-2002',
        status: 'active',
        card_holder: 'Ann Lee',
        card_identifier: '7083********1111',
        reject_reason: 'Card expired',
        transaction_date: '2026-11-01',
        amount_minor: 5000,
        currency: 'CAD',
        product: 'Diesel',
      },
      {
        trx_id: 'R-1001-SLOW',
        buid_customer: 'C-1001',
        buid_merchant: 'M-2001',
        status: 'active',
        card_holder: 'Maria Lopez',
        card_identifier: '7083********4821',
        reject_reason: 'Card expired',
        transaction_date: '2026-10-01',
        amount_minor: 9900,
        currency: 'USD',
        product: 'Diesel',
      },
    ])
    .execute();
  for (const row of await api.db.selectFrom('rejections').select(['rejection_id', 'trx_id', 'card_identifier']).execute()) {
    idOf.set(row.trx_id, row.rejection_id);
    cardOf.set(row.trx_id, row.card_identifier);
  }
  [payer, dealer] = await Promise.all([signedIn('payer'), signedIn('dealer')]);
});
afterAll(async () => {
  await api?.close();
});

describe('GET /rejections', () => {
  it("lists the customer's rejections, newest transaction first, with the card masked to its last 4", async () => {
    const response = await payer.get('/rejections');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    expect(trxIds(response)).toEqual(['R-1001-0001', 'R-1001-0002', 'R-1001-0003', 'R-1001-0005', 'R-1001-0004', 'R-1001-SLOW']);
    expect(doc(response).meta?.page).toEqual({ number: 1, size: 50, total: 6, pages: 1 });
    expect(doc(response).data[0]).toEqual({
      type: 'rejections',
      id: String(idOf.get('R-1001-0001')),
      attributes: {
        rejection_id: idOf.get('R-1001-0001'),
        status: 'active',
        buid_customer: 'C-1001',
        customer_name: 'Northwind Logistics',
        card_holder: 'Maria Lopez',
        card_identifier: masked(cardOf.get('R-1001-0001')!),
        buid_merchant: 'M-2001',
        merchant_name: 'Acme Fuel & Service',
        trx_id: 'R-1001-0001',
        transaction_date: '2026-11-20',
        amount_minor: 41250,
        currency: 'USD',
        product: 'Diesel',
        reject_reason: 'Card expired',
        updated_at: '2026-11-21T13:00:00.000Z',
        correctable_fields: ['vehicle_id'],
        odometer: null,
        driver_id: null,
        vehicle_id: null,
        resubmit_comment: null,
        resubmit_state: null,
        resubmit_error: null,
      },
    });
    expect(cardOf.get('R-1001-0001')).toMatch(/^\d{4}\*+\d{4}$/);
    expect(response.body).not.toContain(cardOf.get('R-1001-0001')!.slice(0, 4));
  });

  it('filters by status, merchant, transaction and search', async () => {
    expect(trxIds(await payer.get('/rejections?filter[status]=active&filter[sort]=trx_id|asc'))).toEqual([
      'R-1001-0001',
      'R-1001-0002',
      'R-1001-0003',
      'R-1001-SLOW',
    ]);
    expect(trxIds(await payer.get('/rejections?filter[status]=cancelled,resubmitted'))).toEqual(['R-1001-0005', 'R-1001-0004']);
    expect(trxIds(await payer.get('/rejections?filter[buid_merchant]=M-2002'))).toEqual(['R-1001-0003', 'R-1001-0005']);
    expect(trxIds(await payer.get('/rejections?filter[trx_id]=R-1001-0004,R-1001-0002'))).toEqual(['R-1001-0002', 'R-1001-0004']);
    expect(trxIds(await payer.get('/rejections?filter[search]=northern'))).toEqual(['R-1001-0003', 'R-1001-0005']);
    const van = cardOf.get('R-1001-0003')!;
    expect(trxIds(await payer.get(`/rejections?filter[search]=${van.slice(-4)}`))).toEqual(
      ['R-1001-0001', 'R-1001-0002', 'R-1001-0003', 'R-1001-0005', 'R-1001-0004', 'R-1001-SLOW'].filter(
        (trx) => cardOf.get(trx)!.slice(-4) === van.slice(-4),
      ),
    );
    expect(trxIds(await payer.get('/rejections?filter[search]=R-1001-0004'))).toEqual(['R-1001-0004']);
    expect(trxIds(await payer.get('/rejections?filter[search]=Becker'))).toEqual(['R-1001-0004']);
    // Only the last four digits are searchable: the first four, never shown, find nothing.
    expect(trxIds(await payer.get(`/rejections?filter[search]=${van.slice(0, 4)}`))).not.toContain('R-1001-0003');
    expect(trxIds(await payer.get('/rejections?filter[search]=Northwind&filter[sort]=amount|desc&page[size]=2&page[number]=2'))).toEqual([
      'R-1001-0001',
      'R-1001-0002',
    ]);
  });

  it('sorts by amount and customer, and pages', async () => {
    const page = await payer.get('/rejections?filter[sort]=amount|asc&page[size]=4');
    expect(trxIds(page)).toEqual(['R-1001-SLOW', 'R-1001-0005', 'R-1001-0002', 'R-1001-0001']);
    expect(doc(page).meta?.page).toEqual({ number: 1, size: 4, total: 6, pages: 2 });
    const admin = await signedIn('admin');
    expect(trxIds(await admin.get('/rejections?filter[sort]=customer_name|asc,transaction_date|asc&page[size]=2'))).toEqual([
      'R-1002-0001',
      'R-1001-SLOW',
    ]);
  });

  it('limits each user to their customers or merchants', async () => {
    const admin = await signedIn('admin');
    expect(trxIds(await admin.get('/rejections?filter[buid_customer]=C-1002'))).toEqual(['R-1002-0001']);
    const other = await payer.get('/rejections?filter[buid_customer]=C-1002');
    expect([other.statusCode, errorCode(other)]).toEqual([404, 'errors.request.notFound']);
    expect(trxIds(await dealer.get('/rejections?filter[buid_merchant]=M-2002&filter[sort]=trx_id|asc'))).toEqual([
      'R-1001-0003',
      'R-1001-0005',
      'R-1002-0001',
    ]);
    expect(trxIds(await dealer.get('/rejections?filter[buid_customer]=C-1002'))).toEqual(['R-1002-0001']);
    expect((await dealer.get('/rejections?filter[buid_merchant]=F-M-1')).statusCode).toBe(404);
  });

  it('refuses barred roles, a tenant without the rejection centre and bad filters', async () => {
    expect((await (await signedIn('cardviewer')).get('/rejections')).statusCode).toBe(403);
    expect((await (await signedIn('safety')).get('/rejections')).statusCode).toBe(403);
    expect((await (await signedIn('fleetadmin', 'fleet.localhost')).get('/rejections')).statusCode).toBe(403);
    for (const query of ['filter[status]=open', 'filter[sort]=card_holder|asc', 'filter[card]=1']) {
      const response = await payer.get(`/rejections?${query}`);
      expect([response.statusCode, errorCode(response)], query).toEqual([400, 'errors.request.invalidFilter']);
    }
  });
});

describe('POST /rejections/cancel and /rejections/resubmit', () => {
  it('refuses roles without update rights and bad bodies, writing nothing', async () => {
    const before = await snapshot();
    const viewer = await signedIn('viewer');
    expect((await viewer.get('/rejections')).statusCode).toBe(200);
    expect((await viewer.post('/rejections/cancel', { rejection_ids: [idOf.get('R-1001-0001')] })).statusCode).toBe(403);
    expect((await viewer.post('/rejections/resubmit', { rejection_ids: [idOf.get('R-1001-0001')] })).statusCode).toBe(403);
    for (const body of [
      {},
      { rejection_ids: [] },
      { rejection_ids: ['x'] },
      { rejection_ids: [1, 1] },
      { rejection_ids: [1], corrections: { odometer: -1 } },
      { rejection_ids: [1], corrections: { product: '' } },
    ]) {
      const url = 'corrections' in body ? '/rejections/resubmit' : '/rejections/cancel';
      expect((await payer.post(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(errorCode(await payer.post('/rejections/cancel', {}))).toBe('errors.validation.required');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses rejections of other customers as not found', async () => {
    const before = await snapshot();
    const response = await payer.post('/rejections/cancel', { rejection_ids: [idOf.get('R-1001-0001'), idOf.get('R-1002-0001')] });
    expect([response.statusCode, errorCode(response), meta(response)]).toEqual([
      404,
      'errors.request.notFound',
      { rejection_ids: [idOf.get('R-1002-0001')] },
    ]);
    expect((await payer.post('/rejections/resubmit', { rejection_ids: [999_999] })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('cancels only active rejections, all or nothing', async () => {
    const before = await snapshot();
    const refused = await payer.post('/rejections/cancel', {
      rejection_ids: [idOf.get('R-1001-0001'), idOf.get('R-1001-0004'), idOf.get('R-1001-0005')],
    });
    expect(refused.statusCode).toBe(422);
    expect(errorCode(refused)).toBe('errors.rejections.unableToCancel');
    expect(meta(refused)).toEqual({ rejection_ids: [idOf.get('R-1001-0004'), idOf.get('R-1001-0005')] });
    expect(await snapshot()).toEqual(before);
  });

  it('cancelling is permanent: a cancelled rejection cannot be resubmitted', async () => {
    const id = idOf.get('R-1001-0002')!;
    const cancelled = await payer.post('/rejections/cancel', { rejection_ids: [id] });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(doc(cancelled).data.map((row) => row.attributes.status)).toEqual(['cancelled']);
    const audit = await api.db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', 'rejection').execute();
    expect(audit).toEqual([{ action: 'rejection.cancel', entity_id: String(id) }]);
    const before = await snapshot();
    const resubmit = await payer.post('/rejections/resubmit', { rejection_ids: [id] });
    expect([resubmit.statusCode, errorCode(resubmit), meta(resubmit)]).toEqual([
      422,
      'errors.rejections.unableToResubmit',
      { rejection_ids: [id] },
    ]);
    expect((await payer.post('/rejections/cancel', { rejection_ids: [id] })).statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses corrections of fields the rejection reason does not concern, writing nothing', async () => {
    const before = await snapshot();
    const id = idOf.get('R-1001-0001')!; // Card expired: only the vehicle id concerns it
    const response = await dealer.post('/rejections/resubmit', {
      rejection_ids: [id],
      corrections: { product: 'Reefer diesel', odometer: 120345 },
    });
    expect([response.statusCode, errorCode(response), meta(response)]).toEqual([
      422,
      'errors.rejections.unableToResubmit',
      { rejection_ids: [id] },
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await api.db.selectFrom('jobs').select('id').where('kind', '=', 'rejection.resubmit').execute()).toEqual([]);
  });

  it("a dealer resubmits their merchant's rejection with corrections", async () => {
    const id = idOf.get('R-1001-0001')!;
    const listed = doc(await dealer.get(`/rejections?filter[trx_id]=R-1001-0001`)).data[0]?.attributes;
    expect(listed).toMatchObject({ correctable_fields: ['vehicle_id'], vehicle_id: null, resubmit_state: null });
    const response = await dealer.post('/rejections/resubmit', {
      rejection_ids: [id],
      corrections: { vehicle_id: 'TRK-12B', comment: 'New card issued' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(doc(response).meta).toBeUndefined();
    expect(doc(response).data[0]?.attributes).toMatchObject({
      status: 'resubmitted',
      vehicle_id: 'TRK-12B',
      resubmit_comment: 'New card issued',
      resubmit_state: 'completed',
      updated_at: '2026-11-23T15:00:00.000Z',
    });
    const audit = await api.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity', '=', 'rejection')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('rejection.resubmit');
    expect(audit.detail).toMatchObject({ from_status: 'active', corrections: { vehicle_id: 'TRK-12B', comment: 'New card issued' } });
    // The durable job ran in the request, within the deadline.
    expect(await api.db.selectFrom('jobs').select(['status']).where('kind', '=', 'rejection.resubmit').execute()).toEqual([
      { status: 'done' },
    ]);
    expect((await payer.post('/rejections/resubmit', { rejection_ids: [id] })).statusCode).toBe(422);
  });

  it('answers 202 with a "still processing" notice when processing outlasts the deadline', async () => {
    const id = idOf.get('R-1001-SLOW')!;
    const started = Date.now();
    const response = await payer.post('/rejections/resubmit', { rejection_ids: [id, idOf.get('R-1001-0003')] });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.statusCode, response.body).toBe(202);
    expect(doc(response).meta).toEqual({
      code: 'errors.rejections.resubmitStillProcessing',
      processing_rejection_ids: [idOf.get('R-1001-0003'), id].sort((a, b) => a! - b!),
    });
    expect(doc(response).data.map((row) => row.attributes.status)).toEqual(['resubmitted', 'resubmitted']);
    const rows = await api.db
      .selectFrom('rejections')
      .select('status')
      .where('rejection_id', 'in', [id, idOf.get('R-1001-0003')!])
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['resubmitted', 'resubmitted']);
  });
});
