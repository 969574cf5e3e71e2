import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { minimalPdf } from '../../server/db/seed/util.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

interface DocumentAttributes {
  document_id: number;
  doc_type_id: number;
  document_type: string;
  entry_ts: string;
  file_name: string;
  file_size: number;
  mime_type: string;
  trx_id: string;
  removable: boolean;
}
interface DocumentList {
  data: Array<{ type: string; id: string; attributes: DocumentAttributes }>;
}

async function signedIn(username: string, customer?: string, host?: string): Promise<ApiClient> {
  const client = api.client(host);
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const PDF = minimalPdf('Proof of delivery');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const pdfFile = (name = 'pod.pdf', bytes: Uint8Array = PDF) => ({
  file_name: name,
  mime_type: 'application/pdf',
  content_base64: base64(bytes),
});

const count = async (table: 'invoice_documents' | 'audit_log') =>
  Number(
    (
      await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const documentsOf = (trxId: string) =>
  api.db.selectFrom('invoice_documents').selectAll().where('trx_id', '=', trxId).orderBy('document_id').execute();

/** Posts an upload that must be refused, and checks that nothing was written. */
async function refused(client: ApiClient, body: Record<string, unknown>, status: number, code: string) {
  const [documents, audits] = [await count('invoice_documents'), await count('audit_log')];
  const response = await client.post('/merchant-invoice-documents', body);
  expect(response.statusCode, response.body).toBe(status);
  expect(errorCode(response)).toBe(code);
  expect(await count('invoice_documents')).toBe(documents);
  expect(await count('audit_log')).toBe(audits);
  return response.json() as { errors: Array<{ meta?: Record<string, unknown>; source?: Record<string, string> }> };
}

let payer: ApiClient;
beforeAll(async () => {
  payer = await signedIn('payer', 'C-1001');
});

describe('GET /merchant-invoice-documents', () => {
  it('lists the documents of the named transactions with their type', async () => {
    const stored = await documentsOf('T-1001-0007');
    const response = await payer.get('/merchant-invoice-documents?filter[trx_id]=T-1001-0007,T-1002-0001');
    expect(response.statusCode).toBe(200);
    const body = response.json() as DocumentList;
    expect(body.data.map((row) => row.attributes)).toEqual(
      stored.map((row) => ({
        document_id: row.document_id,
        doc_type_id: row.doc_type_id,
        document_type: row.doc_type_id === 1 ? 'Invoice copy' : 'Proof of delivery',
        entry_ts: new Date(row.entry_ts).toISOString(),
        file_name: row.file_name,
        file_size: row.file_size,
        mime_type: 'application/pdf',
        trx_id: 'T-1001-0007',
        removable: false,
      })),
    );
    expect(body.data.map((row) => row.attributes.file_name)).toEqual(['INV-100007.pdf', 'POD-100007-1.pdf']);
  });

  it('needs filter[trx_id], refuses unknown filters and card viewers', async () => {
    expect((await payer.get('/merchant-invoice-documents')).statusCode).toBe(400);
    expect((await payer.get('/merchant-invoice-documents?filter[trx_id]=T-1001-0007&filter[x]=1')).statusCode).toBe(400);
    const barred = await (await signedIn('cardviewer', 'C-1001')).get('/merchant-invoice-documents?filter[trx_id]=T-1001-0007');
    expect(barred.statusCode).toBe(403);
  });

  it('shows merchant users the documents of their invoices', async () => {
    const body = (await (await signedIn('dealer')).get('/merchant-invoice-documents?filter[trx_id]=T-1001-0001')).json() as DocumentList;
    expect(body.data.map((row) => row.attributes.file_name)).toEqual(['INV-100001.pdf']);
  });
});

describe('GET /merchant-invoice-documents/:document_id/content', () => {
  it('sends the bytes with their type as an attachment', async () => {
    const [stored] = await documentsOf('T-1001-0001');
    const response = await payer.get(`/merchant-invoice-documents/${stored!.document_id}/content`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-100001.pdf"; filename*=UTF-8\'\'INV-100001.pdf');
    expect(Buffer.compare(response.rawPayload, Buffer.from(stored!.content))).toBe(0);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("is 404 for another customer's document and for a bad id", async () => {
    const { document_id } = await api.db
      .insertInto('invoice_documents')
      .values({
        trx_id: 'T-1002-0001',
        doc_type_id: 4,
        file_name: 'maple.pdf',
        file_size: PDF.byteLength,
        mime_type: 'application/pdf',
        content: PDF,
        uploaded_by: 1,
      })
      .returning('document_id')
      .executeTakeFirstOrThrow();
    const response = await payer.get(`/merchant-invoice-documents/${document_id}/content`);
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe(ErrorCode.notFound);
    expect((await (await signedIn('admin', 'C-1001')).get(`/merchant-invoice-documents/${document_id}/content`)).statusCode).toBe(200);
    expect((await payer.get('/merchant-invoice-documents/abc/content')).statusCode).toBe(400);
  });
});

describe('GET /document-types', () => {
  it('lists the types with their maximum attachments', async () => {
    const response = await payer.get('/document-types');
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: Array<{ attributes: unknown }> }).data.map((row) => row.attributes)).toEqual([
      { doc_type_id: 1, document_type: 'Invoice copy', max_attachments: 1 },
      { doc_type_id: 2, document_type: 'Proof of delivery', max_attachments: 3 },
      { doc_type_id: 3, document_type: 'Receipt', max_attachments: 2 },
      { doc_type_id: 4, document_type: 'Other', max_attachments: 5 },
    ]);
  });
});

describe('POST /merchant-invoice-documents', () => {
  it('stores the files as documents of the transaction, with audit rows', async () => {
    const audits = await count('audit_log');
    const response = await payer.post('/merchant-invoice-documents', {
      trx_id: 'T-1001-0003',
      doc_type_id: 2,
      files: [pdfFile('C:\\fakepath\\pod-1.pdf'), { file_name: 'photo.png', mime_type: 'image/png', content_base64: base64(PNG) }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as DocumentList;
    expect(
      body.data.map((row) => [
        row.attributes.file_name,
        row.attributes.mime_type,
        row.attributes.file_size,
        row.attributes.document_type,
        row.attributes.removable,
      ]),
    ).toEqual([
      ['pod-1.pdf', 'application/pdf', PDF.byteLength, 'Proof of delivery', true],
      ['photo.png', 'image/png', PNG.byteLength, 'Proof of delivery', true],
    ]);
    const stored = await documentsOf('T-1001-0003');
    expect(stored.map((row) => row.document_id)).toEqual(body.data.map((row) => row.attributes.document_id));
    expect(Buffer.compare(Buffer.from(stored[0]!.content), Buffer.from(PDF))).toBe(0);
    expect(await count('audit_log')).toBe(audits + 2);
    const audit = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'invoice_document')
      .where('entity_id', '=', String(stored[0]!.document_id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'upload', tenant_id: 'demo' });
    // The list and the download see it.
    const download = await payer.get(`/merchant-invoice-documents/${stored[1]!.document_id}/content`);
    expect(download.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(download.rawPayload, Buffer.from(PNG))).toBe(0);
    const invoice = (await payer.get('/invoices/T-1001-0003')).json() as { data: { attributes: { attachments: number } } };
    expect(invoice.data.attributes.attachments).toBe(2);
  });

  it('accepts a csv that is text, refuses one that is not', async () => {
    const csv = {
      file_name: 'weights.csv',
      mime_type: 'text/csv',
      content_base64: base64(new TextEncoder().encode('axle,kg\r\n1,7100\r\n')),
    };
    expect((await payer.post('/merchant-invoice-documents', { trx_id: 'T-1001-0004', doc_type_id: 4, files: [csv] })).statusCode).toBe(201);
    await refused(
      payer,
      { trx_id: 'T-1001-0004', doc_type_id: 4, files: [{ ...csv, content_base64: base64(PNG) }] },
      422,
      ErrorCode.fileInvalid,
    );
  });

  it('serves an uploaded csv with formula cells neutralised (a leading single quote), stored as uploaded', async () => {
    const text = 'item;amount\r\n=HYPERLINK("https://evil.example";"x");-12\r\n"@SUM(A1)";+3\r\nsafe;7\r\n';
    const csv = {
      file_name: 'formulas.csv',
      mime_type: 'application/vnd.ms-excel',
      content_base64: base64(new TextEncoder().encode(text)),
    };
    const upload = await payer.post('/merchant-invoice-documents', { trx_id: 'T-1001-0004', doc_type_id: 4, files: [csv] });
    expect(upload.statusCode, upload.body).toBe(201);
    const id = (upload.json() as DocumentList).data[0]!.attributes.document_id;
    const download = await payer.get(`/merchant-invoice-documents/${id}/content`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('item;amount\r\n\'=HYPERLINK("https://evil.example";"x");\'-12\r\n"\'@SUM(A1)";\'+3\r\nsafe;7\r\n');
    const stored = await api.db.selectFrom('invoice_documents').select('content').where('document_id', '=', id).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.content).toString('utf8')).toBe(text);
  });

  it('refuses a fake PDF (wrong magic bytes) and writes nothing', async () => {
    const fake = new TextEncoder().encode('MZ\u0090\u0000 definitely an executable');
    const body = await refused(
      payer,
      { trx_id: 'T-1001-0005', doc_type_id: 2, files: [pdfFile(), pdfFile('evil.pdf', fake)] },
      422,
      ErrorCode.fileInvalid,
    );
    expect(body.errors[0]!.source).toEqual({ pointer: '/files/1' });
    expect(await documentsOf('T-1001-0005')).toEqual([]);
    await refused(
      payer,
      { trx_id: 'T-1001-0005', doc_type_id: 2, files: [{ ...pdfFile(), content_base64: 'not base64!' }] },
      422,
      ErrorCode.fileInvalid,
    );
  });

  it("refuses a file over the tenant's size limit", async () => {
    const big = new Uint8Array(5_000_001);
    big.set(PDF.subarray(0, 8));
    const body = await refused(
      payer,
      { trx_id: 'T-1001-0005', doc_type_id: 2, files: [pdfFile('big.pdf', big)] },
      422,
      ErrorCode.fileTooBig,
    );
    expect(body.errors[0]!.meta).toEqual({ maximum: 5_000_000 });
  });

  it('refuses more files than the tenant allows per upload', async () => {
    const files = Array.from({ length: 6 }, (_, index) => pdfFile(`pod-${index}.pdf`));
    const body = await refused(payer, { trx_id: 'T-1001-0005', doc_type_id: 4, files }, 422, ErrorCode.tooManyFiles);
    expect(body.errors[0]!.meta).toEqual({ maximum: 5 });
  });

  it('refuses types the tenant does not permit', async () => {
    const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0]);
    await refused(
      payer,
      { trx_id: 'T-1001-0005', doc_type_id: 4, files: [{ file_name: 'a.gif', mime_type: 'image/gif', content_base64: base64(gif) }] },
      422,
      ErrorCode.fileUnsupportedType,
    );
    await refused(
      payer,
      {
        trx_id: 'T-1001-0005',
        doc_type_id: 4,
        files: [{ file_name: 'setup.exe', mime_type: 'application/x-msdownload', content_base64: base64(PDF) }],
      },
      422,
      ErrorCode.fileUnsupportedType,
    );
  });

  it('needs a document type ("document type is required") that exists', async () => {
    const body = await refused(payer, { trx_id: 'T-1001-0005', files: [pdfFile()] }, 400, ErrorCode.fieldRequired);
    expect(body.errors[0]!.meta).toEqual({ field: 'document type' });
    await refused(payer, { trx_id: 'T-1001-0005', doc_type_id: null, files: [pdfFile()] }, 400, ErrorCode.fieldRequired);
    await refused(payer, { trx_id: 'T-1001-0005', doc_type_id: 99, files: [pdfFile()] }, 422, ErrorCode.invalidRequest);
  });

  it('keeps each document type within its maximum attachments per transaction', async () => {
    // T-1001-0001 already holds its one invoice copy (type 1, max 1).
    const body = await refused(payer, { trx_id: 'T-1001-0001', doc_type_id: 1, files: [pdfFile()] }, 422, ErrorCode.documentTypeLimit);
    expect(body.errors[0]!.meta).toMatchObject({ maximum: 1, existing: 1, document_type: 'Invoice copy' });
    // T-1001-0007 holds one proof of delivery (type 2, max 3): two more fit, three do not.
    await refused(
      payer,
      { trx_id: 'T-1001-0007', doc_type_id: 2, files: [pdfFile('a.pdf'), pdfFile('b.pdf'), pdfFile('c.pdf')] },
      422,
      ErrorCode.documentTypeLimit,
    );
  });

  it('uploads to one transaction at a time', async () => {
    await refused(
      payer,
      { trx_id: 'T-1001-0005,T-1001-0006', doc_type_id: 4, files: [pdfFile()] },
      422,
      ErrorCode.oneDocumentPerTransaction,
    );
  });

  it("is errors.invoices.notFound for another customer's invoice", async () => {
    await refused(payer, { trx_id: 'T-1002-0002', doc_type_id: 4, files: [pdfFile()] }, 404, ErrorCode.invoiceNotFound);
  });

  it('refuses malformed bodies (400) and roles without upload rights (403)', async () => {
    await refused(payer, { trx_id: 'T-1001-0005', doc_type_id: 4, files: 'pod.pdf' }, 400, ErrorCode.invalidRequest);
    await refused(payer, { trx_id: 'T-1001-0005', doc_type_id: 4, files: [{ file_name: 'x.pdf' }] }, 400, ErrorCode.fieldRequired);
    await refused(payer, { trx_id: 'T-1001-0005', doc_type_id: 'two', files: [pdfFile()] }, 400, ErrorCode.invalidRequest);
    // Dealers (merchant admins) upload their own invoices' documents since issue 15 (tests/api/merchant-invoices.test.ts).
    for (const username of ['viewer', 'cardviewer']) {
      await refused(
        await signedIn(username, 'C-1001'),
        { trx_id: 'T-1001-0005', doc_type_id: 4, files: [pdfFile()] },
        403,
        ErrorCode.forbidden,
      );
    }
  });

  it("applies the tenant's own limits (fleet: pdf only, two files)", async () => {
    const fleet = await signedIn('fleetadmin', 'F-3001', 'fleet.localhost');
    await refused(
      fleet,
      { trx_id: 'T-3001-0001', doc_type_id: 4, files: [{ file_name: 'p.png', mime_type: 'image/png', content_base64: base64(PNG) }] },
      422,
      ErrorCode.fileUnsupportedType,
    );
    const body = await refused(
      fleet,
      { trx_id: 'T-3001-0001', doc_type_id: 4, files: [pdfFile('a.pdf'), pdfFile('b.pdf'), pdfFile('c.pdf')] },
      422,
      ErrorCode.tooManyFiles,
    );
    expect(body.errors[0]!.meta).toEqual({ maximum: 2 });
    expect(
      (await fleet.post('/merchant-invoice-documents', { trx_id: 'T-3001-0001', doc_type_id: 4, files: [pdfFile()] })).statusCode,
    ).toBe(201);
    // The demo tenant's invoices are not the fleet admin's.
    await refused(fleet, { trx_id: 'T-1001-0005', doc_type_id: 4, files: [pdfFile()] }, 404, ErrorCode.invoiceNotFound);
  });
});

describe('DELETE /merchant-invoice-documents', () => {
  async function upload(client: ApiClient, trxId: string): Promise<number> {
    const response = await client.post('/merchant-invoice-documents', { trx_id: trxId, doc_type_id: 4, files: [pdfFile('remove-me.pdf')] });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as DocumentList).data[0]!.attributes.document_id;
  }

  it('removes an uploaded attachment (204) with an audit row', async () => {
    const documentId = await upload(payer, 'T-1001-0006');
    const audits = await count('audit_log');
    const response = await payer.delete('/merchant-invoice-documents', { document_id: documentId });
    expect(response.statusCode).toBe(204);
    expect(
      await api.db.selectFrom('invoice_documents').select('document_id').where('document_id', '=', documentId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await count('audit_log')).toBe(audits + 1);
    const audit = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'delete')
      .where('entity_id', '=', String(documentId))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'invoice_document', tenant_id: 'demo' });
    expect((await payer.delete('/merchant-invoice-documents', { document_id: documentId })).statusCode).toBe(404);
  });

  it("is 404 for another customer's document and leaves it", async () => {
    const admin = await signedIn('admin', 'C-1002');
    const documentId = await upload(admin, 'T-1002-0003');
    const [documents, audits] = [await count('invoice_documents'), await count('audit_log')];
    const response = await payer.delete('/merchant-invoice-documents', { document_id: documentId });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe(ErrorCode.notFound);
    expect([await count('invoice_documents'), await count('audit_log')]).toEqual([documents, audits]);
    expect((await admin.delete('/merchant-invoice-documents', { document_id: documentId })).statusCode).toBe(204);
  });

  it("keeps the merchant's own documents", async () => {
    const [seeded] = await documentsOf('T-1001-0034');
    const response = await payer.delete('/merchant-invoice-documents', { document_id: seeded!.document_id });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe(ErrorCode.attachmentRemoveFailed);
    expect(await documentsOf('T-1001-0034')).toHaveLength(1);
  });

  it('needs delete rights (403) and a document_id (400)', async () => {
    const documentId = await upload(payer, 'T-1001-0006');
    for (const username of ['viewer', 'cardviewer']) {
      const response = await (await signedIn(username, 'C-1001')).delete('/merchant-invoice-documents', { document_id: documentId });
      expect(response.statusCode, username).toBe(403);
    }
    const missing = await payer.delete('/merchant-invoice-documents', {});
    expect(missing.statusCode).toBe(400);
    expect(errorCode(missing)).toBe(ErrorCode.fieldRequired);
    expect((await payer.delete('/merchant-invoice-documents', { document_id: 'x' })).statusCode).toBe(400);
    expect(
      await api.db.selectFrom('invoice_documents').select('document_id').where('document_id', '=', documentId).executeTakeFirst(),
    ).toBeDefined();
  });
});
