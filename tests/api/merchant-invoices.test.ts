import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { invoiceFor } from '../../server/db/seed.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
let dealer: ApiClient;
let payer: ApiClient;

beforeAll(async () => {
  api = await startTestApi();
  dealer = api.client();
  expect((await dealer.login('dealer')).statusCode).toBe(200);
  payer = api.client();
  await payer.loginWithCustomer('payer', 'C-1001');
});
afterAll(async () => {
  await api?.close();
});

const draft = (patch: Record<string, unknown> = {}) => ({
  buid_merchant: 'M-2001',
  buid_customer: 'C-1001',
  invoice_id: 'ACME-T1',
  po_number: 'PO-77',
  currency: 'USD',
  status: 'Billed',
  received_date: '2026-11-20',
  due_date: '2026-12-20',
  product: 'Diesel',
  tax: '8.25',
  line_items: [
    { description: 'Diesel', quantity: '2.5', unit_price: '3.41' },
    { description: 'Service', quantity: '1', unit_price: '100' },
  ],
  ...patch,
});

const counts = async () =>
  Promise.all(
    (['invoices', 'invoice_line_items', 'addresses', 'audit_log'] as const).map(async (table) =>
      Number(
        (
          await api.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );

async function refused(
  request: () => Promise<{ statusCode: number; body: string; json(): unknown }>,
  status: number,
  code: string,
  pointer?: string,
) {
  const before = await counts();
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  const { errors } = response.json() as { errors: Array<{ code: string; source?: { pointer?: string } }> };
  expect(errors.map((error) => error.code)).toContain(code);
  if (pointer) expect(errors.find((error) => error.code === code)?.source?.pointer).toBe(pointer);
  expect(await counts()).toEqual(before);
}

const exposureOf = async (client: ApiClient) =>
  (
    (await client.get('/exposures?filter[buid_customer]=C-1001')).json() as {
      data: Array<{ attributes: { unpaid_invoice: number; current_due_amount: number } }>;
    }
  ).data[0]!.attributes;

describe('GET /ecaas/merchant-customers', () => {
  it('lists the customers each merchant may invoice, with the currencies both use', async () => {
    const list = async (merchant: string) =>
      (
        (await dealer.get(`/ecaas/merchant-customers?filter[buid_merchant]=${merchant}`)).json() as {
          data: Array<{ attributes: { buid_customer: string; currencies: string[] } }>;
        }
      ).data.map((row) => [row.attributes.buid_customer, row.attributes.currencies]);
    const acme = await list('M-2001');
    expect(acme.map(([id]) => id)).toEqual(['C-1001', 'C-1003', 'C-1004', 'C-1005', 'C-1007', 'C-1011', 'C-1012']); // C-1006 is terminated
    expect(acme.find(([id]) => id === 'C-1003')?.[1]).toEqual(['EUR']);
    expect((await list('M-2002')).map(([id]) => id)).toEqual(['C-1001', 'C-1002', 'C-1013']);
    expect((await dealer.get('/ecaas/merchant-customers?filter[buid_merchant]=F-M-1')).statusCode).toBe(404);
    expect((await payer.get('/ecaas/merchant-customers')).statusCode).toBe(403);
  });
});

describe('POST /ecaas/merchant-invoices', () => {
  it('creates the invoice with priced lines, copied addresses, and the customer sees it with its exposure effect', async () => {
    const before = await exposureOf(payer);
    const response = await dealer.post('/ecaas/merchant-invoices', draft());
    expect(response.statusCode, response.body).toBe(201);
    const created = (response.json() as { data: { id: string; attributes: Record<string, unknown> } }).data;
    expect(created.attributes).toMatchObject({
      invoice_id: 'ACME-T1',
      status: 'Billed',
      tax: '8.25',
      invoice_total: '116.78',
      editable: true,
      line_items: [
        { description: 'Diesel', quantity: '2.5', unit_price: '3.41' },
        { description: 'Service', quantity: '1', unit_price: '100.00' },
      ],
    });
    const row = await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      buid_merchant: 'M-2001',
      buid_customer: 'C-1001',
      subtotal_minor: 10853,
      tax_minor: 825,
      invoice_total_minor: 11678,
      billed_total_minor: 11678,
      current_due_minor: 11678,
      past_due_minor: 0,
      amount_minor: 11678,
    });
    const kinds = (await api.db.selectFrom('addresses').select('kind').where('trx_id', '=', created.id).orderBy('kind').execute()).map(
      (a) => a.kind,
    );
    expect(kinds).toEqual(['billing', 'merchant']);

    const seen = await payer.get(`/invoices/${created.id}`);
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as { data: { attributes: { invoiceTotalMinor: number } } }).data.attributes.invoiceTotalMinor).toBe(11678);
    const after = await exposureOf(payer);
    expect(after.unpaid_invoice - before.unpaid_invoice).toBe(11678);
    expect(after.current_due_amount - before.current_due_amount).toBe(11678);
  });

  it('stores an invoice due in the past as past due, and a pending one as not billed', async () => {
    const past = (
      await dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'ACME-T2', received_date: '2026-10-01', due_date: '2026-11-01' }))
    ).json() as { data: { id: string } };
    expect(
      await api.db
        .selectFrom('invoices')
        .select(['status', 'past_due_minor', 'current_due_minor'])
        .where('trx_id', '=', past.data.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'Past Due', past_due_minor: 11678, current_due_minor: 0 });
    const pending = (
      await dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'ACME-T3', status: 'Pending', due_date: '' }))
    ).json() as { data: { id: string } };
    expect(
      await api.db
        .selectFrom('invoices')
        .select(['status', 'billed_total_minor', 'current_due_minor'])
        .where('trx_id', '=', pending.data.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'Pending', billed_total_minor: 0, current_due_minor: 0 });
  });

  it('refuses bad input with the spec §5 codes and writes nothing', async () => {
    await refused(
      () =>
        dealer.post(
          '/ecaas/merchant-invoices',
          draft({ invoice_id: 'X-1', line_items: [{ description: 'A', quantity: '1.0001', unit_price: '1' }] }),
        ),
      422,
      ErrorCode.validationDecimals,
      '/line_items/0/quantity',
    );
    await refused(
      () => dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'X-1', tax: '99999999999999999999' })),
      422,
      ErrorCode.validationPrecision,
      '/tax',
    );
    await refused(
      () =>
        dealer.post(
          '/ecaas/merchant-invoices',
          draft({ invoice_id: 'X-1', line_items: [{ description: 'A', quantity: '1', unit_price: '10000000.01' }] }),
        ),
      422,
      ErrorCode.validationMaximum,
      '/line_items/0/unit_price',
    );
    await refused(
      () => dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: '', po_number: '' })),
      422,
      ErrorCode.fieldRequired,
      '/invoice_id',
    );
    await refused(() => dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'X-1', quantity: 1 })), 400, ErrorCode.invalidRequest);
  });

  it('keeps to the merchant scope: own merchants, their customers and currencies, unique invoice ids', async () => {
    await refused(
      () => dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'X-2', buid_customer: 'C-1002' })),
      422,
      ErrorCode.merchantInvoiceCustomerNotServed,
      '/buid_customer',
    );
    await refused(
      () => dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'X-2', currency: 'CAD' })),
      422,
      ErrorCode.merchantInvoiceCurrencyNotOffered,
      '/currency',
    );
    await refused(
      () => dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'X-2', buid_merchant: 'F-M-1' })),
      404,
      ErrorCode.notFound,
    );
    await refused(() => dealer.post('/ecaas/merchant-invoices', draft()), 422, ErrorCode.merchantInvoiceDuplicateId, '/invoice_id');
    await refused(() => payer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'X-3' })), 403, ErrorCode.forbidden);
    // The same number is free at the other merchant.
    const other = await dealer.post(
      '/ecaas/merchant-invoices',
      draft({ buid_merchant: 'M-2002', buid_customer: 'C-1002', currency: 'CAD' }),
    );
    expect(other.statusCode, other.body).toBe(201);
  });
});

describe('PATCH /ecaas/merchant-invoices/:trx_id', () => {
  let trxId: string;
  beforeAll(async () => {
    trxId = ((await dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'ACME-E1' }))).json() as { data: { id: string } }).data.id;
  });

  it('asks an adjustment reason for a changed billed total, then adjusts the balance', async () => {
    const changed = draft({ invoice_id: 'ACME-E1', line_items: [{ description: 'Diesel', quantity: '10', unit_price: '3.41' }] });
    await refused(() => dealer.patch(`/ecaas/merchant-invoices/${trxId}`, changed), 422, ErrorCode.fieldRequired, '/adjustment_reason');
    const response = await dealer.patch(`/ecaas/merchant-invoices/${trxId}`, { ...changed, adjustment_reason: 'Quantity corrected' });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      await api.db
        .selectFrom('invoices')
        .select(['status', 'invoice_total_minor', 'current_due_minor', 'adjustment_reason'])
        .where('trx_id', '=', trxId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'Adjusted',
      invoice_total_minor: 3410 + 825,
      current_due_minor: 3410 + 825,
      adjustment_reason: 'Quantity corrected',
    });
    const lines = await api.db.selectFrom('invoice_line_items').select(['line_no', 'amount_minor']).where('trx_id', '=', trxId).execute();
    expect(lines).toEqual([{ line_no: 1, amount_minor: 3410 }]);
  });

  it('shows the edited invoice as Adjusted in its edit form, and keeps a billed invoice billed (issue 26)', async () => {
    const form = (await dealer.get(`/ecaas/merchant-invoices/${trxId}`)).json() as { data: { attributes: { status: string } } };
    expect(form.data.attributes.status).toBe('Adjusted');
    // Saved again as the form holds it: still Adjusted; a billed invoice is not made pending.
    const again = draft({
      invoice_id: 'ACME-E1',
      status: 'Adjusted',
      adjustment_reason: 'Quantity corrected',
      line_items: [{ description: 'Diesel', quantity: '10', unit_price: '3.41' }],
    });
    const saved = await dealer.patch(`/ecaas/merchant-invoices/${trxId}`, again);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { data: { attributes: { status: string } } }).data.attributes.status).toBe('Adjusted');
    await refused(
      () => dealer.patch(`/ecaas/merchant-invoices/${trxId}`, { ...again, status: 'Pending' }),
      422,
      ErrorCode.validationEnum,
      '/status',
    );
    // A new invoice takes a new invoice's statuses only.
    await refused(
      () => dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'ACME-E9', status: 'Adjusted' })),
      422,
      ErrorCode.validationEnum,
      '/status',
    );
  });

  it("refuses paid and disputed invoices, other merchants' invoices and non-dealers, writing nothing", async () => {
    await refused(
      () => dealer.patch(`/ecaas/merchant-invoices/${invoiceFor('paid1')}`, draft({ invoice_id: 'ACME-P' })),
      409,
      ErrorCode.merchantInvoiceNotEditable,
    );
    await refused(
      () => dealer.patch(`/ecaas/merchant-invoices/${invoiceFor('dispute1')}`, draft({ invoice_id: 'ACME-D' })),
      409,
      ErrorCode.merchantInvoiceNotEditable,
    );
    const fleet = await api.db.selectFrom('invoices').select('trx_id').where('buid_merchant', '=', 'F-M-1').executeTakeFirstOrThrow();
    await refused(() => dealer.patch(`/ecaas/merchant-invoices/${fleet.trx_id}`, draft()), 404, ErrorCode.invoiceNotFound);
    expect((await dealer.get(`/ecaas/merchant-invoices/${fleet.trx_id}`)).statusCode).toBe(404);
    await refused(() => payer.patch(`/ecaas/merchant-invoices/${trxId}`, draft()), 403, ErrorCode.forbidden);
  });

  it('shows whether an invoice may be edited', async () => {
    const paid = (await dealer.get(`/ecaas/merchant-invoices/${invoiceFor('paid1')}`)).json() as {
      data: { attributes: { editable: boolean } };
    };
    expect(paid.data.attributes.editable).toBe(false);
    const own = (await dealer.get(`/ecaas/merchant-invoices/${trxId}`)).json() as {
      data: { attributes: { editable: boolean; adjustment_reason: string } };
    };
    expect(own.data.attributes).toMatchObject({ editable: true, adjustment_reason: 'Quantity corrected' });
  });
});

describe('dealer documents', () => {
  it('lets the dealer attach a document to its new invoice and remove it again', async () => {
    const trxId = ((await dealer.post('/ecaas/merchant-invoices', draft({ invoice_id: 'ACME-DOC' }))).json() as { data: { id: string } })
      .data.id;
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
    const upload = await dealer.post('/merchant-invoice-documents', {
      trx_id: trxId,
      doc_type_id: 1,
      files: [{ file_name: 'inv.pdf', mime_type: 'application/pdf', content_base64: pdf }],
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const documentId = (upload.json() as { data: Array<{ attributes: { document_id: number } }> }).data[0]!.attributes.document_id;
    expect((await payer.get(`/merchant-invoice-documents?filter[trx_id]=${trxId}`)).json()).toMatchObject({
      data: [{ attributes: { file_name: 'inv.pdf' } }],
    });
    expect((await dealer.delete('/merchant-invoice-documents', { document_id: documentId })).statusCode).toBe(204);
    expect(errorCode(await dealer.delete('/merchant-invoice-documents', { document_id: documentId }))).toBe(ErrorCode.notFound);
  });
});
