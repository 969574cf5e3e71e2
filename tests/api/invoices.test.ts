import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { INVOICE_STATUSES } from '../../domain/invoice-status.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/** 1,200 invoices for the big customer C-1004, so the CSV export reads several cursor chunks. */
const BIG = 1_200;
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ bigCustomerInvoices: BIG });
});
afterAll(async () => {
  await api?.close();
});

type Attributes = Record<string, unknown> & {
  invoiceId: string;
  trxId: string;
  status: string;
  amountMinor: number;
  currency: string;
  dueDate: string | null;
  poNumber: string | null;
  buidCustomer: string;
  buidMerchant: string;
  payable: boolean;
};
interface InvoiceList {
  data: Array<{ type: string; id: string; attributes: Attributes }>;
  meta: { page: { number: number; size: number; total: number; pages: number } };
}

async function signedIn(username: string, customer?: string): Promise<ApiClient> {
  const client = api.client();
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

async function list(client: ApiClient, query = ''): Promise<InvoiceList> {
  const response = await client.get(`/invoices${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/vnd.api+json');
  return response.json() as InvoiceList;
}

const ids = (body: InvoiceList) => body.data.map((row) => row.id);
const sorted = (values: string[]) => [...values].sort();
const rowsOf = (customer: string) =>
  api.db.selectFrom('invoices').selectAll().where('buid_customer', '=', customer).orderBy('trx_id').execute();
const ALL = '&page[size]=10000';

let payer: ApiClient;
beforeAll(async () => {
  payer = await signedIn('payer', 'C-1001');
});

describe('GET /invoices', () => {
  it("lists the session customer's invoices, paged, with meta.page", async () => {
    const rows = await rowsOf('C-1001');
    const body = await list(payer);
    expect(body.meta.page).toEqual({ number: 1, size: 50, total: rows.length, pages: 1 });
    expect(sorted(ids(body))).toEqual(rows.map((row) => row.trx_id));
    // Default order: oldest due date first.
    const dues = body.data.map((row) => row.attributes.dueDate!);
    expect(dues).toEqual([...dues].sort());
  });

  it('serialises every spec §3 field camel-cased, money in minor units', async () => {
    const row = await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', 'T-1001-0001').executeTakeFirstOrThrow();
    const body = await list(payer, '?filter[trx_id]=T-1001-0001');
    expect(body.data).toEqual([
      {
        type: 'invoices',
        id: 'T-1001-0001',
        attributes: {
          invoiceId: row.invoice_id,
          trxId: row.trx_id,
          transactionId: row.trx_id,
          poNumber: row.po_number,
          status: 'Billed',
          eligibleForDispute: 'Y',
          dueDate: row.due_date,
          receivedDate: row.received_date,
          billedTotalMinor: row.billed_total_minor,
          disputedTotalMinor: row.disputed_total_minor,
          invoiceTotalMinor: row.invoice_total_minor,
          subtotalMinor: row.subtotal_minor,
          taxMinor: row.tax_minor,
          lateFeeMinor: row.late_fee_minor,
          currentDueMinor: row.current_due_minor,
          pastDueMinor: row.past_due_minor,
          amountMinor: row.amount_minor,
          currency: 'USD',
          product: row.product,
          adjustmentReason: null,
          notes: null,
          merchantOriginalInvoice: null,
          buidCustomer: 'C-1001',
          buidMerchant: 'M-2001',
          merchantName: 'Acme Fuel & Service',
          buidLocation: row.buid_location,
          payable: true,
          attachments: 1,
        },
      },
    ]);
  });

  it('filters by each status exactly, and marks only Billed and Past Due payable', async () => {
    const rows = await rowsOf('C-1001');
    for (const status of INVOICE_STATUSES) {
      const body = await list(payer, `?filter[status]=${encodeURIComponent(status)}${ALL}`);
      const expected = rows.filter((row) => row.status === status).map((row) => row.trx_id);
      expect(expected.length, status).toBeGreaterThan(0);
      expect(sorted(ids(body)), status).toEqual(expected);
      expect(
        body.data.every(
          (row) => row.attributes.status === status && row.attributes.payable === (status === 'Billed' || status === 'Past Due'),
        ),
      ).toBe(true);
    }
    const slug = await list(payer, `?filter[status]=past-due${ALL}`);
    expect(slug.meta.page.total).toBe(rows.filter((row) => row.status === 'Past Due').length);
    const several = await list(payer, `?filter[status]=Billed,Payment%20Pending${ALL}`);
    expect(sorted(ids(several))).toEqual(
      rows.filter((row) => row.status === 'Billed' || row.status === 'Payment Pending').map((row) => row.trx_id),
    );
  });

  it('sorts by amount ascending and descending, with a stable tiebreaker', async () => {
    const rows = await rowsOf('C-1001');
    const byAmount = [...rows].sort((a, b) => a.amount_minor - b.amount_minor || a.trx_id.localeCompare(b.trx_id)).map((row) => row.trx_id);
    expect(ids(await list(payer, `?filter[sort]=amount|asc${ALL}`))).toEqual(byAmount);
    const desc = await list(payer, `?filter[sort]=amount|desc${ALL}`);
    const amounts = desc.data.map((row) => row.attributes.amountMinor);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(ids(desc)).toEqual([...byAmount].reverse());
  });

  it('sorts on every column', async () => {
    const columns = [
      'invoice_id',
      'trx_id',
      'po_number',
      'status',
      'due_date',
      'received_date',
      'amount',
      'invoice_total',
      'current_due',
      'past_due',
      'currency',
      'product',
      'merchant_name',
    ];
    for (const column of columns) {
      for (const direction of ['asc', 'desc']) {
        const body = await list(payer, `?filter[sort]=${column}|${direction}${ALL}`);
        expect(body.data, `${column}|${direction}`).toHaveLength(40);
      }
    }
    const byMerchant = await list(payer, `?filter[sort]=merchant_name|desc,trx_id|asc${ALL}`);
    expect(byMerchant.data[0]!.attributes.merchantName).toBe('Northern Tire Centre');
    const byStatus = (await list(payer, `?filter[sort]=status|asc${ALL}`)).data.map((row) => row.attributes.status);
    expect(byStatus).toEqual([...byStatus].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('pages without overlap up to page[size] 10000', async () => {
    const all = ids(await list(payer, `?filter[sort]=trx_id|asc${ALL}`));
    const pages: string[] = [];
    for (let number = 1; number <= 6; number += 1) {
      const body = await list(payer, `?filter[sort]=trx_id|asc&page[size]=7&page[number]=${number}`);
      expect(body.meta.page).toEqual({ number, size: 7, total: 40, pages: 6 });
      pages.push(...ids(body));
    }
    expect(pages).toEqual(all);
    for (const bad of ['page[size]=10001', 'page[size]=0', 'page[number]=x']) {
      const response = await payer.get(`/invoices?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(errorCode(response)).toBe(ErrorCode.invalidFilter);
    }
  });

  it('filters by currency (filter[sol_currency])', async () => {
    const rows = await rowsOf('C-1001');
    const cad = await list(payer, `?filter[sol_currency]=CAD${ALL}`);
    expect(sorted(ids(cad))).toEqual(rows.filter((row) => row.currency === 'CAD').map((row) => row.trx_id));
    expect(cad.data).toHaveLength(2);
    expect((await list(payer, '?filter[sol_currency]=EUR')).data).toEqual([]);
  });

  it('searches invoice id, transaction id and PO number; filters the PO number exactly', async () => {
    const rows = await rowsOf('C-1001');
    const target = rows[12]!;
    const byPo = await list(payer, `?filter[search]=${target.po_number!.toLowerCase()}${ALL}`);
    expect(sorted(ids(byPo))).toEqual(rows.filter((row) => row.po_number === target.po_number).map((row) => row.trx_id));
    const poDigits = target.po_number!.slice(3);
    const partial = await list(payer, `?filter[search]=${poDigits}${ALL}`);
    expect(ids(partial)).toContain(target.trx_id);
    expect(ids(await list(payer, `?filter[search]=${target.invoice_id}`))).toEqual([target.trx_id]);
    expect(ids(await list(payer, `?filter[search]=${target.trx_id}`))).toEqual([target.trx_id]);
    expect(ids(await list(payer, `?filter[po_number]=${target.po_number}`))).toContain(target.trx_id);
    expect((await list(payer, '?filter[search]=%25')).data).toEqual([]);
  });

  it('filters by ids, dates, amounts, product, merchant and location', async () => {
    const rows = await rowsOf('C-1001');
    const expectIds = async (query: string, predicate: (row: (typeof rows)[number]) => boolean) => {
      const expected = rows.filter(predicate).map((row) => row.trx_id);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(sorted(ids(await list(payer, `?${query}${ALL}`))), query).toEqual(expected);
    };
    await expectIds('filter[trx_id]=T-1001-0002,T-1001-0005', (row) => ['T-1001-0002', 'T-1001-0005'].includes(row.trx_id));
    await expectIds('filter[invoice_id]=INV-100003', (row) => row.invoice_id === 'INV-100003');
    await expectIds(
      'filter[due_from]=2026-11-01&filter[due_to]=2026-11-30',
      (row) => row.due_date! >= '2026-11-01' && row.due_date! <= '2026-11-30',
    );
    await expectIds(
      'filter[received_from]=2026-10-01&filter[received_to]=2026-10-31',
      (row) => row.received_date >= '2026-10-01' && row.received_date <= '2026-10-31',
    );
    await expectIds(
      'filter[amount_min]=100000&filter[amount_max]=300000',
      (row) => row.amount_minor >= 100_000 && row.amount_minor <= 300_000,
    );
    await expectIds('filter[product]=Diesel', (row) => row.product === 'Diesel');
    await expectIds('filter[buid_merchant]=M-2002', (row) => row.buid_merchant === 'M-2002');
    await expectIds(
      'filter[buid_location]=L-1001-2,L-1001-3',
      (row) => row.buid_location === 'L-1001-2' || row.buid_location === 'L-1001-3',
    );
  });

  it('refuses unknown filters and malformed values (400)', async () => {
    for (const query of [
      'filter[colour]=red',
      'filter[status]=due',
      'filter[due_from]=23/11/2026',
      'filter[amount_min]=1.5',
      'filter[sort]=secret|asc',
      'filter[sort]=amount|up',
      'filter[sol_currency]=US',
      'include=customer',
    ]) {
      const response = await payer.get(`/invoices?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response)).toBe(ErrorCode.invalidFilter);
    }
  });

  it("rolls up a comma list of the user's customers for the program overview", async () => {
    const admin = await signedIn('admin', 'C-1001');
    const body = await list(admin, `?filter[buid_customer]=C-1001,C-1002&filter[status]=Past%20Due${ALL}`);
    const expected = [...(await rowsOf('C-1001')), ...(await rowsOf('C-1002'))]
      .filter((row) => row.status === 'Past Due')
      .map((row) => row.trx_id);
    expect(sorted(ids(body))).toEqual(sorted(expected));
    const other = await admin.get('/invoices?filter[buid_customer]=C-1001,C-1005');
    expect(other.statusCode).toBe(404);
  });

  it("keeps the payer to C-1001: another customer's invoices are 404 or absent", async () => {
    const response = await payer.get('/invoices?filter[buid_customer]=C-1002');
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe(ErrorCode.notFound);
    expect(ids(await list(payer, '?filter[trx_id]=T-1002-0001,T-1001-0001'))).toEqual(['T-1001-0001']);
    expect((await list(payer, '?filter[search]=T-1002')).data).toEqual([]);
  });

  it('lets view-only users read and bars card viewers and safety managers (403)', async () => {
    expect((await list(await signedIn('viewer', 'C-1001'))).meta.page.total).toBe(40);
    for (const username of ['cardviewer', 'safety']) {
      const response = await (await signedIn(username, 'C-1001')).get('/invoices');
      expect(response.statusCode, username).toBe(403);
      expect(errorCode(response)).toBe(ErrorCode.forbidden);
    }
    expect((await api.client().get('/invoices')).statusCode).toBe(401);
  });

  it('shows merchant users the invoices of their merchants', async () => {
    const dealer = await signedIn('dealer');
    const body = await list(dealer, `?filter[status]=Disputed${ALL}`);
    const expected = await api.db
      .selectFrom('invoices')
      .select('trx_id')
      .where('buid_merchant', 'in', ['M-2001', 'M-2002'])
      .where('status', '=', 'Disputed')
      .orderBy('trx_id')
      .execute();
    expect(sorted(ids(body))).toEqual(expected.map((row) => row.trx_id));
    expect(body.data.some((row) => row.attributes.buidCustomer === 'C-1004')).toBe(true);
    const narrowed = await list(dealer, `?filter[buid_merchant]=M-2002${ALL}`);
    expect(narrowed.data.every((row) => row.attributes.buidMerchant === 'M-2002')).toBe(true);
    expect((await dealer.get('/invoices?filter[buid_merchant]=F-M-1')).statusCode).toBe(404);
    expect((await list(dealer, '?filter[trx_id]=T-3001-0001')).data).toEqual([]);
  });

  it('counts and pages a large customer', async () => {
    const admin = await signedIn('admin', 'C-1004');
    const body = await list(admin, '?page[size]=25&page[number]=3&filter[sort]=invoice_id|desc');
    expect(body.meta.page).toEqual({ number: 3, size: 25, total: BIG, pages: BIG / 25 });
    expect(body.data[0]!.attributes.invoiceId).toBe(`INV-4${String(BIG - 50).padStart(5, '0')}`);
  });
});

describe('eligibleForDispute (issue 13: the actions follow the same rule as GET /customer-dispute-ineligible-trxs)', () => {
  it('is N for an invoice the program lists, one under dispute, one not billed, pending payment or terminated; Y otherwise', async () => {
    const rows = await rowsOf('C-1001');
    const body = await list(payer, '?page[size]=10000');
    const ineligible = await payer.get(`/customer-dispute-ineligible-trxs?filter[trx_id]=${rows.map((row) => row.trx_id).join(',')}`);
    expect(ineligible.statusCode, ineligible.body).toBe(200);
    const refused = new Set((ineligible.json() as { data: Array<{ id: string }> }).data.map((row) => row.id));
    expect(refused.size).toBeGreaterThan(0);
    for (const invoice of body.data) {
      expect(invoice.attributes.eligibleForDispute, `${invoice.id} ${invoice.attributes.status}`).toBe(refused.has(invoice.id) ? 'N' : 'Y');
    }
    const byStatus = (status: string) =>
      body.data.filter((row) => row.attributes.status === status).map((row) => row.attributes.eligibleForDispute);
    // Already under dispute, and the seed's paid invoice the program lists as "Invoice already paid".
    expect(byStatus('Disputed').every((value) => value === 'N')).toBe(true);
    expect(body.data.find((row) => row.id === 'T-1001-0024')!.attributes).toMatchObject({ status: 'Paid', eligibleForDispute: 'N' });
    const single = await payer.get('/invoices/T-1001-0027');
    expect((single.json() as { data: { attributes: Attributes } }).data.attributes).toMatchObject({
      status: 'Disputed',
      eligibleForDispute: 'N',
    });
  });
});

describe('GET /invoices/:trx_id', () => {
  it("returns one invoice of any of the user's customers", async () => {
    const admin = await signedIn('admin', 'C-1001');
    const response = await admin.get('/invoices/T-1002-0003');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { type: 'invoices', id: 'T-1002-0003', attributes: { buidCustomer: 'C-1002', currency: 'CAD' } },
    });
  });

  it('opens an invoice by the invoice id every list shows too (issue 26)', async () => {
    const response = await payer.get('/invoices/INV-100004');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { id: 'T-1001-0004', attributes: { invoiceId: 'INV-100004', trxId: 'T-1001-0004' } } });
    // Another customer's invoice id is as unknown as its trx id.
    const other = await api.db.selectFrom('invoices').select('invoice_id').where('trx_id', '=', 'T-1002-0001').executeTakeFirstOrThrow();
    expect(errorCode(await payer.get(`/invoices/${other.invoice_id}`))).toBe(ErrorCode.invoiceNotFound);
    // An invoice id two of the user's invoices share (two merchants' numbers) names neither; their trx ids still do.
    const shared = await api.db.selectFrom('invoices').select('invoice_id').where('trx_id', '=', 'T-1001-0039').executeTakeFirstOrThrow();
    const own = await api.db.selectFrom('invoices').select('invoice_id').where('trx_id', '=', 'T-1001-0040').executeTakeFirstOrThrow();
    await api.db.updateTable('invoices').set({ invoice_id: shared.invoice_id }).where('trx_id', '=', 'T-1001-0040').execute();
    try {
      const ambiguous = await payer.get(`/invoices/${shared.invoice_id}`);
      expect(ambiguous.statusCode).toBe(404);
      expect(errorCode(ambiguous)).toBe(ErrorCode.invoiceNotFound);
      expect((await payer.get('/invoices/T-1001-0040')).statusCode).toBe(200);
    } finally {
      await api.db.updateTable('invoices').set({ invoice_id: own.invoice_id }).where('trx_id', '=', 'T-1001-0040').execute();
    }
  });

  it('is errors.invoices.notFound outside the scope or when unknown', async () => {
    for (const trx of ['T-1002-0001', 'T-0000-0000']) {
      const response = await payer.get(`/invoices/${trx}`);
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe(ErrorCode.invoiceNotFound);
    }
    expect((await payer.get('/invoices/T-1001-0001?filter[x]=1')).statusCode).toBe(400);
  });
});

/** RFC 4180 parser for the checks: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe('GET /invoices.csv', () => {
  it('streams a header and one line per invoice with the same filters and sort', async () => {
    const response = await payer.get('/invoices.csv?filter[status]=Past%20Due&filter[sort]=amount|desc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoices-2026-11-23.csv"');
    const [header, ...lines] = parseCsv(response.body);
    expect(header!.slice(0, 8)).toEqual([
      'invoice_id',
      'trx_id',
      'po_number',
      'status',
      'due_date',
      'received_date',
      'amount',
      'invoice_total',
    ]);
    const expected = (await rowsOf('C-1001'))
      .filter((row) => row.status === 'Past Due')
      .sort((a, b) => b.amount_minor - a.amount_minor || b.trx_id.localeCompare(a.trx_id));
    expect(lines.map((line) => line[1])).toEqual(expected.map((row) => row.trx_id));
    const column = (name: string) => header!.indexOf(name);
    const first = expected[0]!;
    expect(lines[0]![column('amount')]).toBe((first.amount_minor / 100).toFixed(2));
    expect(lines[0]![column('currency')]).toBe(first.currency);
    expect(lines[0]![column('merchant_name')]).toBe('Acme Fuel & Service');
    expect(lines.every((line) => line.length === header!.length)).toBe(true);
  });

  it('covers every invoice of a large customer, across cursor chunks', async () => {
    const response = await (await signedIn('admin', 'C-1004')).get('/invoices.csv?filter[sort]=trx_id|asc');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(BIG + 1);
    expect(lines[1]!.split(',')[1]).toBe('T-1004-00001');
    expect(lines.at(-1)!.split(',')[1]).toBe(`T-1004-0${BIG}`);
  });

  it('escapes commas and quotes and defuses formula cells', async () => {
    const before = await api.db
      .selectFrom('invoices')
      .select(['notes', 'po_number', 'product'])
      .where('trx_id', '=', 'T-1001-0002')
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('invoices')
      .set({ notes: 'Dock 4, "rear" gate\nsecond line', po_number: '=HYPERLINK("http://evil.example","x")', product: '@SUM(A1)' })
      .where('trx_id', '=', 'T-1001-0002')
      .execute();
    try {
      const response = await payer.get('/invoices.csv?filter[trx_id]=T-1001-0002,T-1001-0003&filter[sort]=trx_id|asc');
      const [header, line] = parseCsv(response.body);
      const cell = (name: string) => line![header!.indexOf(name)];
      expect(cell('notes')).toBe('Dock 4, "rear" gate\nsecond line');
      expect(cell('po_number')).toBe('\'=HYPERLINK("http://evil.example","x")');
      expect(cell('product')).toBe("'@SUM(A1)");
      expect(response.body).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    } finally {
      await api.db.updateTable('invoices').set(before).where('trx_id', '=', 'T-1001-0002').execute();
    }
  });

  it('gives only a header when nothing matches, and refuses like the list does', async () => {
    const empty = await payer.get('/invoices.csv?filter[status]=Paid&filter[sol_currency]=EUR');
    expect(empty.statusCode).toBe(200);
    expect(parseCsv(empty.body)).toHaveLength(1);
    const other = await payer.get('/invoices.csv?filter[buid_customer]=C-1002');
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toContain('application/vnd.api+json');
    expect((await payer.get('/invoices.csv?filter[nope]=1')).statusCode).toBe(400);
    expect((await (await signedIn('cardviewer', 'C-1001')).get('/invoices.csv')).statusCode).toBe(403);
  });
});

describe('addresses', () => {
  it('returns the bill-to, ship-to and sold-by address of an invoice', async () => {
    const stored = await api.db.selectFrom('addresses').selectAll().where('trx_id', '=', 'T-1001-0002').execute();
    const byKind = (kind: string) => stored.find((row) => row.kind === kind)!;
    for (const [path, kind] of [
      ['/billing-addresses', 'billing'],
      ['/shipping-addresses', 'shipping'],
    ] as const) {
      const response = await payer.get(`${path}?filter[trx_id]=T-1001-0002`);
      expect(response.statusCode).toBe(200);
      const row = byKind(kind);
      expect(response.json()).toEqual({
        data: [
          {
            type: path.slice(1),
            id: String(row.id),
            attributes: {
              trx_id: 'T-1001-0002',
              contact_name: row.contact_name,
              line_1: row.line_1,
              line_2: row.line_2,
              line_3: row.line_3,
              city_state_zip: row.city_state_zip,
              country: row.country,
            },
          },
        ],
      });
    }
    const merchant = (await payer.get('/merchant-addresses?filter[trx_id]=T-1001-0002')).json() as {
      data: Array<{ attributes: Record<string, unknown> }>;
    };
    expect(merchant.data[0]!.attributes).toMatchObject({
      contact: 'Janet Ruiz',
      line_1: '1 Acme Plaza',
      city_state_zip: 'Tulsa, OK 74103',
    });
    expect(merchant.data[0]!.attributes).not.toHaveProperty('contact_name');
  });

  it("filters billing addresses by customer and keeps other customers' invoices out", async () => {
    const both = (await payer.get('/billing-addresses?filter[buid_customer]=C-1001&filter[trx_id]=T-1001-0001,T-1001-0002')).json() as {
      data: unknown[];
    };
    expect(both.data).toHaveLength(2);
    const hidden = await payer.get('/shipping-addresses?filter[trx_id]=T-1002-0001');
    expect(hidden.statusCode).toBe(200);
    expect((hidden.json() as { data: unknown[] }).data).toEqual([]);
    expect((await payer.get('/billing-addresses?filter[buid_customer]=C-1002&filter[trx_id]=T-1002-0001')).statusCode).toBe(404);
    const missing = await payer.get('/merchant-addresses');
    expect(missing.statusCode).toBe(400);
    expect(errorCode(missing)).toBe(ErrorCode.fieldRequired);
    expect((await payer.get('/shipping-addresses?filter[trx_id]=T-1001-0001&filter[buid_customer]=C-1001')).statusCode).toBe(400);
    expect((await (await signedIn('cardviewer', 'C-1001')).get('/billing-addresses?filter[trx_id]=T-1001-0001')).statusCode).toBe(403);
  });
});

describe('invoice details', () => {
  it('lists line items (GET /details)', async () => {
    const lines = await api.db
      .selectFrom('invoice_line_items')
      .selectAll()
      .where('trx_id', '=', 'T-1001-0001')
      .orderBy('line_no')
      .execute();
    const body = (await payer.get('/details?filter[trx_id]=T-1001-0001,T-1002-0001')).json() as {
      data: Array<{ id: string; attributes: Record<string, unknown> }>;
    };
    expect(body.data.map((row) => row.id)).toEqual(lines.map((line) => `T-1001-0001:${line.line_no}`));
    expect(body.data.map((row) => row.attributes)).toEqual(
      lines.map((line) => ({
        trx_id: 'T-1001-0001',
        line_no: line.line_no,
        description: line.description,
        quantity: line.quantity,
        unit_price_minor: line.unit_price_minor,
        amount_minor: line.amount_minor,
        currency: 'USD',
      })),
    );
  });

  it('gives totals, line items and the sold-by merchant (GET /ecaas/invoice-details)', async () => {
    const invoice = await api.db.selectFrom('invoices').selectAll().where('trx_id', '=', 'T-1001-0001').executeTakeFirstOrThrow();
    const lines = await api.db
      .selectFrom('invoice_line_items')
      .selectAll()
      .where('trx_id', '=', 'T-1001-0001')
      .orderBy('line_no')
      .execute();
    const response = await payer.get('/ecaas/invoice-details?filter[trx_id]=T-1001-0001,T-1002-0001');
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      data: Array<{ type: string; id: string; attributes: Record<string, unknown> & { line_items: Array<{ amount_minor: number }> } }>;
    };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      type: 'invoice-details',
      id: 'T-1001-0001',
      attributes: {
        sold_by: 'Acme Fuel & Service',
        buid_merchant: 'M-2001',
        currency: 'USD',
        subtotal_minor: invoice.subtotal_minor,
        tax_minor: invoice.tax_minor,
        invoice_total_minor: invoice.invoice_total_minor,
      },
    });
    const items = body.data[0]!.attributes.line_items;
    expect(items).toHaveLength(lines.length);
    // The seed's line items add up to the subtotal.
    expect(items.reduce((total, item) => total + item.amount_minor, 0)).toBe(invoice.subtotal_minor);
  });

  it('opens one invoice for a dealer when one of their merchants issued it, 404 otherwise (GET /invoices/{trx_id})', async () => {
    const dealer = await signedIn('dealer');
    const own = await api.db
      .selectFrom('invoices')
      .select('trx_id')
      .where('buid_merchant', '=', 'M-2002')
      .orderBy('trx_id')
      .executeTakeFirstOrThrow();
    const response = await dealer.get(`/invoices/${own.trx_id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { id: own.trx_id, attributes: { buidMerchant: 'M-2002' } } });
    const other = await api.db
      .selectFrom('invoices')
      .select('trx_id')
      .where('buid_merchant', 'not in', ['M-2001', 'M-2002'])
      .orderBy('trx_id')
      .executeTakeFirstOrThrow();
    const refused = await dealer.get(`/invoices/${other.trx_id}`);
    expect(refused.statusCode).toBe(404);
    expect(errorCode(refused)).toBe(ErrorCode.invoiceNotFound);
    // The screen's other reads answer too: the dispute eligibility of an own merchant's invoice, 404 for another's.
    expect((await dealer.get(`/customer-dispute-ineligible-trxs?filter[trx_id]=${own.trx_id}`)).statusCode).toBe(200);
    expect((await dealer.get(`/customer-dispute-ineligible-trxs?filter[trx_id]=${other.trx_id}`)).statusCode).toBe(404);
  });

  it("lets merchant users read their invoices' details; refuses bad requests", async () => {
    const dealer = await signedIn('dealer');
    expect(((await dealer.get('/details?filter[trx_id]=T-1001-0001')).json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect((await payer.get('/details')).statusCode).toBe(400);
    expect((await payer.get('/ecaas/invoice-details?filter[trx_id]=T-1001-0001&filter[buid_customer]=C-1001')).statusCode).toBe(400);
    expect((await (await signedIn('safety', 'C-1001')).get('/details?filter[trx_id]=T-1001-0001')).statusCode).toBe(403);
  });
});
