import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
let dealer: ApiClient;

beforeAll(async () => {
  api = await startTestApi();
  dealer = api.client();
  expect((await dealer.login('dealer')).statusCode).toBe(200);
  // The import writes for the session's merchant.
  expect((await dealer.post('/session_data', { sessionKeys: [{ key: 'merchant_id', value: 'M-2001' }] })).statusCode).toBeLessThan(300);
});
afterAll(async () => {
  await api?.close();
});

const HEADER =
  'invoice_id,buid_customer,po_number,currency,status,received_date,due_date,product,notes,merchant_original_invoice,tax,description,quantity,unit_price';
const file = (rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
/** `invoices` invoices of two lines each for C-1001 (USD): 2 × 2.5 × 3.41 + 1 tax. */
const goodRows = (invoices: number, prefix = 'IMP') =>
  Array.from({ length: invoices }, (_, index) => [
    `${prefix}-${index + 1},C-1001,PO-${index + 1},USD,Billed,2026-11-20,2026-12-20,Diesel,,,1.00,Diesel,2.5,3.41`,
    `${prefix}-${index + 1},,,,,,,,,,,Service,1,10`,
  ]).flat();

const counts = async () =>
  Promise.all(
    (['invoices', 'invoice_line_items', 'audit_log'] as const).map(async (table) =>
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
const send = (path: string, content: string) =>
  dealer.post(`/ecaas/merchant-invoice-imports${path}`, { file_name: 'invoices.csv', content });

describe('merchant invoice CSV import', () => {
  it('offers the template: the header contract and an example row', async () => {
    const response = await dealer.get('/ecaas/merchant-invoice-imports/template');
    expect(response.statusCode).toBe(200);
    expect(response.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(HEADER);
  });

  it('reports each bad row in a dry run, with the line, column and code, and writes nothing', async () => {
    const before = await counts();
    const rows = [
      ...goodRows(2),
      'BAD-1,C-1002,PO-9,USD,Billed,2026-11-20,2026-12-20,,,,,Tyres,1,10', // not a customer of M-2001
      'BAD-2,C-1001,PO-9,USD,Billed,2026-11-20,2026-12-20,,,,,Tyres,1.0005,10', // four decimals
      'BAD-2,C-1001,PO-10,,,,,,,,,Valve,1,10', // disagrees with its first row
      'IMP-1,C-1001,PO-1,USD,Billed,2026-11-20,2026-12-20,,,,,Extra,1,1', // further line of IMP-1: fine
      'BAD-3,C-1001,PO-9,USD,Billed,2026-11-20,,,,,,Tyres,1,10', // billed without due date
    ];
    const response = await send('/dry-run', file(rows));
    expect(response.statusCode, response.body).toBe(200);
    const report = (
      response.json() as {
        data: { attributes: { rows: number; problem_count: number; problems: Array<{ row: number; column?: string; code: string }> } };
      }
    ).data.attributes;
    expect(report.rows).toBe(9);
    expect(report.problems.map(({ row, column, code }) => [row, column, code])).toEqual([
      [6, 'buid_customer', ErrorCode.merchantInvoiceCustomerNotServed],
      [7, 'quantity', ErrorCode.validationDecimals],
      [8, 'po_number', ErrorCode.merchantInvoiceRowsDisagree],
      [10, 'due_date', ErrorCode.fieldRequired],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('writes nothing when one row of 1,000 is bad', async () => {
    const before = await counts();
    const rows = goodRows(500, 'ONE');
    rows[733] = rows[733]!.replace(',1,10', ',1,abc');
    const response = await send('', file(rows));
    expect(response.statusCode).toBe(422);
    const { errors } = response.json() as { errors: Array<{ code: string; meta?: Record<string, unknown> }> };
    expect(errors[0]).toMatchObject({ code: ErrorCode.csvRowsInvalid, meta: { problems: 1, rows: 1 } });
    expect(errors[1]).toMatchObject({ code: ErrorCode.validationNumber, meta: { row: 735, column: 'unit_price' } });
    expect(await counts()).toEqual(before);
  });

  it('writes every invoice of a good 1,000-row file in one transaction; the customer sees them', async () => {
    const payer = api.client();
    await payer.loginWithCustomer('payer', 'C-1001');
    const exposure = async () =>
      ((await payer.get('/exposures?filter[buid_customer]=C-1001')).json() as { data: Array<{ attributes: { unpaid_invoice: number } }> })
        .data[0]!.attributes.unpaid_invoice;
    const [invoicesBefore, linesBefore] = await counts();
    const unpaidBefore = await exposure();
    const response = await send('', file(goodRows(500, 'OK')));
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as { data: { attributes: Record<string, number> } }).data.attributes).toMatchObject({
      rows: 1000,
      problem_count: 0,
      written: 500,
    });
    const [invoicesAfter, linesAfter] = await counts();
    expect(invoicesAfter! - invoicesBefore!).toBe(500);
    expect(linesAfter! - linesBefore!).toBe(1000);
    // Each: 2.5 × 3.41 = 8.53, + 10.00, + 1.00 tax = 19.53.
    expect((await exposure()) - unpaidBefore).toBe(500 * 1953);
    const stored = await api.db
      .selectFrom('invoices')
      .select(['buid_merchant', 'invoice_total_minor', 'created_by'])
      .where('invoice_id', '=', 'OK-250')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ buid_merchant: 'M-2001', invoice_total_minor: 1953 });
    expect(stored.created_by).not.toBeNull();
    // The same file again: every invoice id exists now.
    const again = await send('/dry-run', file(goodRows(2, 'OK')));
    expect(
      (again.json() as { data: { attributes: { problems: Array<{ code: string }> } } }).data.attributes.problems.map(
        (problem) => problem.code,
      ),
    ).toEqual([ErrorCode.merchantInvoiceDuplicateId, ErrorCode.merchantInvoiceDuplicateId]);
  });

  it("is for the dealer's administrators only", async () => {
    const payer = api.client();
    await payer.loginWithCustomer('payer', 'C-1001');
    expect((await payer.post('/ecaas/merchant-invoice-imports/dry-run', { content: file(goodRows(1)) })).statusCode).toBe(403);
    expect((await payer.get('/ecaas/merchant-invoice-imports/template')).statusCode).toBe(403);
  });
});
