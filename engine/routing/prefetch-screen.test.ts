import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import invoiceList from '../../screens/invoice-list.json' with { type: 'json' };
import type { BindingContext } from '../definitions/bindings.ts';
import type { WidgetNode } from '../definitions/types.ts';
import { buildListParams, initialUiState } from '../widgets/table/list-params.ts';
import type { TableNode } from '../widgets/table/types.ts';
import { resourceKey } from '../data/queries.ts';
import { firstReads } from './first-reads.ts';
import { resolvable, screenReads } from './prefetch-screen.ts';

const bindings: BindingContext = {
  session: { selectedCurrency: 'USD' }, customer: { buidCustomer: 'C-1001', buidLocation: null }, merchant: null,
  route: { status: 'Billed' }, query: {}, selection: undefined as never, tenant: {}, flags: { multi_currency_enabled: true },
};
const body = invoiceList.body as WidgetNode[];
const table = body.find((node) => node.widget === 'table') as TableNode;

describe('a route loader\'s reads', () => {
  it('the manifest keeps only the nodes that read, with what their first read needs', () => {
    const reads = firstReads(body);
    expect(reads.map((node) => node.widget)).toEqual(['table']);
    expect(Object.keys(reads[0]!).sort()).toEqual(['defaultPageSize', 'defaultSort', 'pageSizes', 'source', 'widget']);
  });

  it('asks for the invoice list\'s first page with the very key the table reads', () => {
    const [read] = screenReads(firstReads(body), bindings, 'en');
    const tableKey = resourceKey('/invoices', buildListParams(table, initialUiState(table), bindings, 'en'));
    expect(hashKey(read!.queryKey)).toBe(hashKey(tableKey));
    expect(read!.queryKey[2]).toMatchObject({ 'filter[status]': 'Billed', 'filter[buid_customer]': 'C-1001', 'filter[sol_currency]': 'USD', 'page[size]': '50' });
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
});
