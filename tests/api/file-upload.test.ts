import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { minimalPdf } from '../../server/db/seed/util.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * Issue 26, the file upload screen: several files in one request, a document type per file, by
 * transaction id or by the invoice id users see; the tenant's limits, each type's maximum and
 * "one document per transaction" hold for the whole request, which writes all or nothing.
 */
let api: TestApi;
let payer: ApiClient;
beforeAll(async () => {
  api = await startTestApi();
  payer = api.client();
  await payer.loginWithCustomer('payer', 'C-1001');
});
afterAll(async () => {
  await api?.close();
});

const pdf = (name: string, docTypeId: number | null) => ({
  file_name: name,
  mime_type: 'application/pdf',
  content_base64: Buffer.from(minimalPdf(name)).toString('base64'),
  doc_type_id: docTypeId,
});
const documentsOf = (trxId: string) =>
  api.db.selectFrom('invoice_documents').select(['file_name', 'doc_type_id']).where('trx_id', '=', trxId).orderBy('document_id').execute();

async function invoiceWithoutDocuments(): Promise<{ trx_id: string; invoice_id: string }> {
  return api.db
    .selectFrom('invoices')
    .select(['trx_id', 'invoice_id'])
    .where('buid_customer', '=', 'C-1001')
    .where('trx_id', 'not in', api.db.selectFrom('invoice_documents').select('trx_id'))
    .orderBy('trx_id')
    .executeTakeFirstOrThrow();
}

describe('several files, a document type each', () => {
  it('stores each file with its own type, named by the invoice id users see', async () => {
    const invoice = await invoiceWithoutDocuments();
    const response = await payer.post('/merchant-invoice-documents', {
      trx_id: invoice.invoice_id,
      files: [pdf('copy.pdf', 1), pdf('pod-1.pdf', 2), pdf('pod-2.pdf', 2)],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await documentsOf(invoice.trx_id)).toEqual([
      { file_name: 'copy.pdf', doc_type_id: 1 },
      { file_name: 'pod-1.pdf', doc_type_id: 2 },
      { file_name: 'pod-2.pdf', doc_type_id: 2 },
    ]);
  });

  it('refuses the whole request when one type would pass its maximum, writing nothing', async () => {
    const invoice = await invoiceWithoutDocuments();
    // Invoice copy allows one attachment per transaction.
    const response = await payer.post('/merchant-invoice-documents', {
      trx_id: invoice.trx_id,
      files: [pdf('pod.pdf', 2), pdf('copy-1.pdf', 1), pdf('copy-2.pdf', 1)],
    });
    expect([response.statusCode, errorCode(response)]).toEqual([422, ErrorCode.documentTypeLimit]);
    expect((response.json() as { errors: Array<{ meta: unknown }> }).errors[0]!.meta).toMatchObject({
      maximum: 1,
      existing: 0,
      document_type: 'Invoice copy',
    });
    expect(await documentsOf(invoice.trx_id)).toEqual([]);
  });

  it('names the file without a type; refuses a list of transactions (one document per transaction)', async () => {
    const invoice = await invoiceWithoutDocuments();
    const untyped = await payer.post('/merchant-invoice-documents', {
      trx_id: invoice.trx_id,
      files: [pdf('a.pdf', 2), pdf('b.pdf', null)],
    });
    expect([untyped.statusCode, errorCode(untyped)]).toEqual([400, ErrorCode.fieldRequired]);
    expect((untyped.json() as { errors: Array<{ source: unknown }> }).errors[0]!.source).toEqual({ pointer: '/files/1/doc_type_id' });
    const two = await payer.post('/merchant-invoice-documents', { trx_id: `${invoice.trx_id},T-1001-0007`, files: [pdf('a.pdf', 2)] });
    expect([two.statusCode, errorCode(two)]).toEqual([422, ErrorCode.oneDocumentPerTransaction]);
    expect(await documentsOf(invoice.trx_id)).toEqual([]);
  });

  it("an invoice id outside the caller's scope is not found", async () => {
    const other = await api.db.selectFrom('invoices').select('invoice_id').where('buid_customer', '=', 'C-1002').executeTakeFirstOrThrow();
    const response = await payer.post('/merchant-invoice-documents', { trx_id: other.invoice_id, files: [pdf('a.pdf', 2)] });
    expect([response.statusCode, errorCode(response)]).toEqual([404, ErrorCode.invoiceNotFound]);
  });
});
