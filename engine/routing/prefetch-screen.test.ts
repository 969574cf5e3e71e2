import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import cardsScreen from '../../screens/cards.json' with { type: 'json' };
import invoiceListWritten from '../../screens/invoice-list.json' with { type: 'json' };
import invoicesTable from '../../screens/parts/invoices-table.json' with { type: 'json' };
import disputeCenter from '../../screens/dispute-center.json' with { type: 'json' };
import merchantHome from '../../screens/merchant-home.json' with { type: 'json' };
import { resolveParts } from '../../common/definition-parts.ts';
import type { BindingContext } from '../definitions/bindings.ts';
import type { WidgetNode } from '../definitions/types.ts';
import { contractProps } from '../registry/widget-contract.ts';
import { buildListParams, initialUiState } from '../widgets/table/list-params.ts';
import { listApiParams } from '../widgets/table/list-url-state.ts';
import type { TableNode } from '../widgets/table/types.ts';
import { resourceKey } from '../data/queries.ts';
import { firstReads } from './first-reads.ts';
import { resolvable, screenReads } from './prefetch-screen.ts';

/** The invoice list as the portal renders it: its table is the part screens/parts/invoices-table.json. */
const invoiceList = resolveParts(invoiceListWritten, new Map([['invoices-table', invoicesTable]])).resolved as unknown as {
  body: WidgetNode[];
};

const bindings: BindingContext = {
  session: { selectedCurrency: 'USD' },
  customer: { buidCustomer: 'C-1001', buidLocation: null },
  merchant: null,
  route: { status: 'Billed' },
  query: {},
  selection: undefined as never,
  tenant: {},
  flags: { multi_currency_enabled: true },
};
const body = invoiceList.body as WidgetNode[];
const table = contractProps<TableNode>(body.find((node) => node.widget === 'table')!);

describe("a route loader's reads", () => {
  it('the manifest keeps only the nodes that read, with what their first read needs', () => {
    const reads = firstReads(body);
    expect(reads.map((node) => node.widget)).toEqual(['table']);
    expect(Object.keys(reads[0]!).sort()).toEqual([
      'columns',
      'defaultPageSize',
      'defaultSort',
      'filters',
      'pageSizes',
      'search',
      'source',
      'widget',
    ]);
    // Of columns and filters only what the URL state is checked against: sort names, filter names, types and own options.
    expect(reads[0]!.columns).toEqual(table.columns.filter((column) => column.sort).map((column) => ({ sort: column.sort })));
    expect(reads[0]!.filters).toContainEqual({ filter: 'amount_min', type: 'money' });
  });

  it('asks for the page, sort and filters the URL names, with the key the table reads them with', () => {
    const query = {
      page: '3',
      size: '100',
      sort: '-amount',
      search: 'fuel',
      amount_min: '12.50',
      due_from: '2026-01-01',
      bucket: 'past_due',
    };
    const linked = { ...bindings, query };
    const [read] = screenReads(firstReads(body), linked, 'de');
    const tableKey = resourceKey('/invoices', listApiParams(table, query, '', linked, 'de'));
    expect(hashKey(read!.queryKey)).toBe(hashKey(tableKey));
    expect(read!.queryKey[2]).toMatchObject({
      'page[number]': '3',
      'page[size]': '100',
      'filter[sort]': 'amount|desc',
      'filter[search]': 'fuel',
      'filter[amount_min]': '1250',
      'filter[due_from]': '2026-01-01',
      'filter[exposure_bucket]': 'past_due',
    });
  });

  it("reads each table of a screen with several under its own id, the first tab's from the manifest", () => {
    const cards = cardsScreen.body as WidgetNode[];
    const reads = firstReads(cards);
    const kept = JSON.stringify(reads);
    expect(kept).toContain('"urlNamespace":"cards-active."');
    const customer = { ...bindings, query: { 'cards-active.page': '2', 'cards-active.sort': '-card_name', page: '7' } };
    const [read] = screenReads(reads, customer, 'en').filter((candidate) => candidate.queryKey[1] === '/ecaas/cards');
    expect(read!.queryKey[2]).toMatchObject({ 'page[number]': '2', 'filter[sort]': 'card_name|desc' });
    // The same from the whole definition (a tenant's override makes the loader read it).
    const [whole] = screenReads(cards, customer, 'en').filter((candidate) => candidate.queryKey[1] === '/ecaas/cards');
    expect(hashKey(whole!.queryKey)).toBe(hashKey(read!.queryKey));
  });

  it("asks for the invoice list's first page with the very key the table reads", () => {
    const [read] = screenReads(firstReads(body), bindings, 'en');
    const tableKey = resourceKey('/invoices', buildListParams(table, initialUiState(table), bindings, 'en'));
    expect(hashKey(read!.queryKey)).toBe(hashKey(tableKey));
    expect(read!.queryKey[2]).toMatchObject({
      'filter[status]': 'Billed',
      'filter[buid_customer]': 'C-1001',
      'filter[sol_currency]': 'USD',
      'page[size]': '50',
    });
  });

  it('takes a query parameter the URL lacks as absent, and one it has as the filter', () => {
    const bucketed = { ...bindings, query: { bucket: 'past_due', currency: 'CAD' } };
    const [read] = screenReads(firstReads(body), bucketed, 'en');
    const tableKey = resourceKey('/invoices', buildListParams(table, initialUiState(table), bucketed, 'en'));
    expect(hashKey(read!.queryKey)).toBe(hashKey(tableKey));
    expect(read!.queryKey[2]).toMatchObject({ 'filter[exposure_bucket]': 'past_due', 'filter[sol_currency]': 'CAD' });
    expect(read!.queryKey[2]).not.toHaveProperty('filter[status]');
  });

  it('leaves a source to its widget while a binding it reads is not known yet', () => {
    const unknownCurrency = { ...bindings, session: { selectedCurrency: undefined } };
    expect(resolvable(table.source, unknownCurrency)).toBe(false);
    expect(screenReads(firstReads(body), unknownCurrency, 'en')).toEqual([]);
    expect(screenReads(firstReads(body), { ...bindings, customer: null }, 'en')).toEqual([]);
  });

  // The dispute centre's sources send the merchant's id to merchants only: a customer's reads
  // start without one. They waited for the widgets (and never ran in the server's render) while
  // the merchant filter's binding, which the customer never sends, counted as unknown.
  it("counts a conditional parameter by the branch it sends: a customer's dispute reads start without a merchant", () => {
    const customerSide = { ...bindings, session: { selectedCurrency: 'USD', dispute_side: 'customer' } };
    const nodes = firstReads(disputeCenter.body as unknown as WidgetNode[]);
    const reads = screenReads(nodes, customerSide, 'en');
    expect(reads.map((read) => read.queryKey[1])).toEqual(['/ecaas/customer-dispute/count', '/ecaas/customer-disputes']);
    expect(reads[1]!.queryKey[2]).toMatchObject({ 'filter[buid_customer]': 'C-1001' });
    expect(reads[1]!.queryKey[2]).not.toHaveProperty('filter[buid_merchant]');
    // A dealer with no merchant chosen yet: the filter's `when` asks for one, so it is not sent, by the widget either.
    const merchantSide = { ...bindings, customer: null, session: { selectedCurrency: 'USD', dispute_side: 'merchant' } };
    expect(screenReads(nodes, merchantSide, 'en').map((read) => read.queryKey[1])).toEqual([
      '/ecaas/merchant-dispute/count',
      '/ecaas/merchant-disputes',
    ]);
  });

  // A dealer who has chosen no merchant sees all of them: the home's four tables read without the
  // merchant filter, in the loader (and so in the server's render) as the widgets would.
  it("starts a dealer's home reads when the dealer has chosen no merchant, without the merchant filter", () => {
    const dealer = { ...bindings, customer: null, merchant: null };
    const reads = screenReads(firstReads(merchantHome.body as unknown as WidgetNode[]), dealer, 'en');
    expect(reads.map((read) => read.queryKey[1])).toEqual(['/merchant-figures', '/ecaas/merchant-disputes', '/rejections', '/invoices']);
    for (const read of reads) expect(read.queryKey[2]).not.toHaveProperty('filter[buid_merchant]');
    // Chosen, it is sent; not read yet (undefined), the reads wait for it.
    const chosen = screenReads(
      firstReads(merchantHome.body as unknown as WidgetNode[]),
      { ...dealer, merchant: { buidMerchant: 'M-2001' } },
      'en',
    );
    expect(chosen[0]!.queryKey[2]).toMatchObject({ 'filter[buid_merchant]': 'M-2001' });
    expect(
      screenReads(firstReads(merchantHome.body as unknown as WidgetNode[]), { ...dealer, merchant: undefined as never }, 'en'),
    ).toEqual([]);
  });
});
