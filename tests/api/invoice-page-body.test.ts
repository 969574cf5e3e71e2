import fastJsonStringify from 'fast-json-stringify';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagedDocument } from '../../server/http/api-schema.ts';
import { parseListQuery } from '../../server/http/list-query.ts';
import { invoiceList } from '../../server/invoices/list.ts';
import { invoicePageBody } from '../../server/invoices/page-body.ts';
import { fetchInvoicePage, InvoiceListCaches } from '../../server/invoices/page.ts';
import { invoiceResource, invoiceResourceSchema } from '../../server/invoices/serialize.ts';
import type { AuthContext } from '../../server/auth/context.ts';
import type { Database } from '../../server/db/database.ts';
import { startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * GET /invoices writes its body from resources serialised once per version of their row
 * (server/invoices/page-body.ts). These tests change invoices and what their resources look up
 * behind the server's back, straight in the database as another process or a migration would:
 * only the versions can tell the server that a kept resource is stale.
 */
let api: TestApi;
let payer: ApiClient;
const CUSTOMER = 'C-1001';
const PAGE = '?filter[sort]=trx_id|asc&page[size]=5';
const WIDE = '?filter[sort]=trx_id|asc&page[size]=20';

beforeAll(async () => {
  api = await startTestApi();
  payer = api.client();
  await payer.loginWithCustomer('payer', CUSTOMER);
});
afterAll(async () => {
  await api?.close();
});

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}
async function page(query = PAGE): Promise<{ raw: string; data: Resource[] }> {
  const response = await payer.get(`/invoices${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.api+json; charset=utf-8');
  return { raw: response.body, data: (response.json() as { data: Resource[] }).data };
}
const attributesOf = (body: { data: Resource[] }, trxId: string) => body.data.find((row) => row.id === trxId)?.attributes;

/** The payer's scope on CUSTOMER, as the route has it once the session is read. */
const scope = {
  user: { user_type: 'customer' },
  session: { customer_id: CUSTOMER, location: null, merchant_id: null },
  customerIds: [CUSTOMER],
  merchantIds: [],
} as unknown as AuthContext;

/**
 * The test's database seen as the route sees it, `onResult` hearing each statement's rows first (a
 * new object, so invoicePageBody keeps an empty cache of its own for it).
 */
function observedDatabase(onResult: (first: Record<string, unknown> | undefined) => Promise<void> | void): Database {
  return new Proxy(api.db, {
    get(target, property) {
      if (property === 'executeQuery')
        return async (query: CompiledQuery) => {
          const result = await target.executeQuery(query);
          await onResult(result.rows[0] as Record<string, unknown> | undefined);
          return result;
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('GET /invoices from serialised resources', () => {
  it("is byte for byte the route's response schema serialising the whole rows, cold and warm", async () => {
    const query = { 'filter[sort]': 'due_date|asc', 'page[size]': '7', 'page[number]': '2' };
    const cold = await page(`?${new URLSearchParams(query)}`);
    const warm = await page(`?${new URLSearchParams(query)}`);
    expect(warm.raw).toBe(cold.raw);

    const list = parseListQuery(query, invoiceList);
    const { rows, meta } = await fetchInvoicePage(api.db, scope, list, new InvoiceListCaches(), '2026-01-15');
    const serializeDocument = fastJsonStringify(pagedDocument(invoiceResourceSchema) as Parameters<typeof fastJsonStringify>[0]);
    expect(rows).toHaveLength(7);
    expect(cold.raw).toBe(serializeDocument({ data: rows.map((row) => invoiceResource(row)), meta: { page: meta } }));
  });

  it('shows a change of the row made behind its back', async () => {
    const before = await page();
    const trxId = before.data[1]!.id;
    const amount = attributesOf(before, trxId)!.amountMinor as number;
    await api.db
      .updateTable('invoices')
      .set({ amount_minor: amount + 1234, po_number: 'PO-CHANGED' })
      .where('trx_id', '=', trxId)
      .execute();
    const after = await page();
    expect(attributesOf(after, trxId)).toMatchObject({ amountMinor: amount + 1234, poNumber: 'PO-CHANGED' });
    // The other rows of the page are as they were.
    for (const row of before.data.filter((row) => row.id !== trxId)) expect(attributesOf(after, row.id)).toEqual(row.attributes);
  });

  it("shows a change of what a resource looks up: the merchant's name, attachments, disputes, the ineligible list", async () => {
    const before = await page(WIDE);
    const first = before.data[0];
    // Invoices open to a dispute, so that a listing or an open dispute shows.
    const [second, third] = before.data.filter((row) => row.id !== first!.id && row.attributes.eligibleForDispute === 'Y');
    expect(third).toBeDefined();
    const merchantId = first!.attributes.buidMerchant as string;
    const { merchant_name } = await api.db
      .selectFrom('merchants')
      .select('merchant_name')
      .where('buid_merchant', '=', merchantId)
      .executeTakeFirstOrThrow();
    const docType = await api.db.selectFrom('document_types').select('doc_type_id').executeTakeFirstOrThrow();
    const reason = await api.db.selectFrom('dispute_reasons').select('dispute_reason_id').executeTakeFirstOrThrow();
    try {
      // One look-up at a time, each read after it: every one of them must tell a kept resource apart.
      await api.db
        .insertInto('invoice_documents')
        .values({
          trx_id: first!.id,
          doc_type_id: docType.doc_type_id,
          file_name: 'proof.pdf',
          file_size: 4,
          mime_type: 'application/pdf',
          content: new Uint8Array([37, 80, 68, 70]),
          uploaded_by: null,
        })
        .execute();
      expect(attributesOf(await page(WIDE), first!.id)).toMatchObject({ attachments: (first!.attributes.attachments as number) + 1 });

      await api.db
        .insertInto('dispute_ineligible_trxs')
        .values({ trx_id: second!.id, ineligible_reason: 'Listed by the program' })
        .execute();
      expect(attributesOf(await page(WIDE), second!.id)).toMatchObject({ eligibleForDispute: 'N' });

      const dispute = await api.db
        .insertInto('disputes')
        .values({
          trx_id: third!.id,
          buid_customer: CUSTOMER,
          buid_merchant: third!.attributes.buidMerchant as string,
          dispute_reason_id: reason.dispute_reason_id,
          description: 'Opened elsewhere',
          status: 'open',
          amount_minor: 100,
          currency: third!.attributes.currency as string,
          created_by: null,
          response_due_at: null,
          response_date: null,
          closed_at: null,
        })
        .returning('dispute_id')
        .executeTakeFirstOrThrow();
      expect(attributesOf(await page(WIDE), third!.id)).toMatchObject({ eligibleForDispute: 'N' });

      await api.db.updateTable('merchants').set({ merchant_name: 'Renamed Fuel Co' }).where('buid_merchant', '=', merchantId).execute();
      expect(attributesOf(await page(WIDE), first!.id)).toMatchObject({ merchantName: 'Renamed Fuel Co' });

      // And back: closing the dispute makes the invoice disputable again.
      await api.db.updateTable('disputes').set({ status: 'closed' }).where('dispute_id', '=', dispute.dispute_id).execute();
      expect(attributesOf(await page(WIDE), third!.id)).toMatchObject({ eligibleForDispute: 'Y' });
    } finally {
      await api.db.updateTable('merchants').set({ merchant_name }).where('buid_merchant', '=', merchantId).execute();
      await api.db.deleteFrom('invoice_documents').where('trx_id', '=', first!.id).where('file_name', '=', 'proof.pdf').execute();
      await api.db.deleteFrom('dispute_ineligible_trxs').where('trx_id', '=', second!.id).execute();
      await api.db.deleteFrom('disputes').where('trx_id', '=', third!.id).where('description', '=', 'Opened elsewhere').execute();
    }
    expect((await page(WIDE)).data).toEqual(before.data);
  });

  describe('reads versions first only while most resources are kept', () => {
    it('reads pages whole once few were kept, and versions first again once they are', async () => {
      const pageOf = (number: number) =>
        parseListQuery({ 'filter[sort]': 'trx_id|asc', 'page[size]': '1', 'page[number]': String(number) }, invoiceList);
      const caches = new InvoiceListCaches();
      // What each body's statements selected: 'versions' (no invoice_id) or 'whole'.
      let statements: string[] = [];
      const db = observedDatabase((first) => {
        if (first && 'row_version' in first) statements.push('invoice_id' in first ? 'whole' : 'versions');
      });
      const read = async (number: number) => {
        statements = [];
        await invoicePageBody(db, scope, pageOf(number), caches, '2026-01-15');
        return statements;
      };
      const { total } = (await fetchInvoicePage(api.db, scope, pageOf(1), caches, '2026-01-15')).meta;
      expect(total).toBeGreaterThanOrEqual(20);

      // A new server tries the versions first; each page's one row is new to it.
      expect(await read(1)).toEqual(['versions', 'whole']);
      for (let number = 2; number <= 19; number += 1) await read(number);
      // Nothing was kept lately: a page is read whole, in one statement.
      expect(await read(20)).toEqual(['whole']);
      // The same pages again: their resources are kept (counted while read whole), and the versions come first again.
      for (let number = 1; number <= 19; number += 1) await read(number);
      expect(await read(20)).toEqual(['versions']);
    });
  });

  describe('when a row changes between the two statements', () => {
    const list = parseListQuery({ 'filter[sort]': 'trx_id|asc', 'page[size]': '4' }, invoiceList);
    const rowsNow = async () => (await fetchInvoicePage(api.db, scope, list, new InvoiceListCaches(), '2026-01-15')).rows;

    /**
     * The page's body from the database as the route sees it, but `change` runs once the page's
     * versions are read, before its rows are read whole. (Another object: a cache of its own, so
     * every row is read whole.)
     */
    async function bodyWithChangeMidRead(change: () => Promise<unknown>): Promise<{ data: Resource[] }> {
      let changes = 0;
      const db = observedDatabase(async (first) => {
        if (changes === 0 && first && 'row_version' in first && !('invoice_id' in first)) {
          changes += 1;
          await change();
        }
      });
      const body = await invoicePageBody(db, scope, list, new InvoiceListCaches(), '2026-01-15');
      expect(changes).toBe(1);
      return JSON.parse(body.toString()) as { data: Resource[] };
    }

    it('shows the change', async () => {
      const changed = (await rowsNow())[2]!;
      try {
        const body = await bodyWithChangeMidRead(() =>
          api.db.updateTable('invoices').set({ notes: 'Changed mid-read' }).where('trx_id', '=', changed.trx_id).execute(),
        );
        expect(body.data.map((row) => row.id)).toEqual((await rowsNow()).map((row) => row.trx_id));
        expect(attributesOf(body, changed.trx_id)).toMatchObject({ notes: 'Changed mid-read' });
      } finally {
        await api.db.updateTable('invoices').set({ notes: changed.notes }).where('trx_id', '=', changed.trx_id).execute();
      }
    });

    it('reads the page again whole when one of its rows is gone', async () => {
      const template = await api.db.selectFrom('invoices').selectAll().where('buid_customer', '=', CUSTOMER).executeTakeFirstOrThrow();
      // First in trx_id order, so on the page; deleted once the page's versions are read.
      const doomed = '0-MID-READ';
      await api.db
        .insertInto('invoices')
        .values({ ...template, trx_id: doomed, invoice_id: 'INV-MID-READ' })
        .execute();
      const body = await bodyWithChangeMidRead(() => api.db.deleteFrom('invoices').where('trx_id', '=', doomed).execute());
      const ids = body.data.map((row) => row.id);
      expect(ids).not.toContain(doomed);
      expect(ids).toEqual((await rowsNow()).map((row) => row.trx_id));
      expect(ids).toHaveLength(4);
    });
  });
});
