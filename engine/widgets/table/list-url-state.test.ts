import { describe, expect, it } from 'vitest';
import cardsScreen from '../../../screens/cards.json' with { type: 'json' };
import invoiceListWritten from '../../../screens/invoice-list.json' with { type: 'json' };
import invoicesTable from '../../../screens/parts/invoices-table.json' with { type: 'json' };
import { resolveParts } from '../../../common/definition-parts.ts';
import type { WidgetNode } from '../../definitions/types.ts';
import type { BindingContext } from '../../definitions/bindings.ts';
import { listNamespaces, namespaceOf } from './list-namespaces.ts';
import { initialUiState } from './list-params.ts';
import {
  filterToUrl,
  listApiParams,
  listStateEntries,
  listStateKey,
  minorToUrlAmount,
  readListState,
  withoutRefused,
  withTypedCriteria,
  writeListState,
} from './list-url-state.ts';
import type { TableNode, TableUiState } from './types.ts';

/** The invoice list as the portal renders it: its table is the part screens/parts/invoices-table.json. */
const invoiceList = resolveParts(invoiceListWritten, new Map([['invoices-table', invoicesTable]])).resolved as unknown as {
  body: WidgetNode[];
};

const invoices = invoiceList.body.find((node) => node.widget === 'table') as unknown as TableNode;
const defaults = initialUiState(invoices);
const state = (patch: Partial<TableUiState>): TableUiState => ({ ...defaults, ...patch });
const read = (query: string, namespace = '') => readListState(invoices, new URLSearchParams(query), namespace);

const bindings: BindingContext = {
  session: { selectedCurrency: 'USD' },
  customer: { buidCustomer: 'C-1001', buidLocation: null },
  merchant: null,
  route: { status: 'Billed' },
  query: {},
  selection: [],
  tenant: {},
  flags: { multi_currency_enabled: false },
};

describe("a table's state read from the URL", () => {
  it("is the definition's default for a bare URL", () => {
    expect(read('')).toEqual(defaults);
    expect(defaults).toMatchObject({ pageIndex: 0, pageSize: 50, sort: { sort: 'due_date', direction: 'asc' } });
  });

  it('reads page (from 1), size, sort (- descending), search and each filter by name', () => {
    expect(
      read('page=3&size=250&sort=-amount&search=%20fuel%20&due_from=2026-01-01&amount_min=12.50&product=Diesel&buid_merchant=M-2001'),
    ).toEqual({
      pageIndex: 2,
      pageSize: 250,
      sort: { sort: 'amount', direction: 'desc' },
      search: 'fuel',
      filters: { due_from: '2026-01-01', amount_min: '12.50', product: 'Diesel', buid_merchant: 'M-2001' },
    });
    expect(read('sort=invoice_id').sort).toEqual({ sort: 'invoice_id', direction: 'asc' });
  });

  it('falls back to the default for each value the table cannot take, never failing', () => {
    for (const page of ['0', '-1', '1.5', 'two', '', '1000000', '01']) expect(read(`page=${page}`).pageIndex, page).toBe(0);
    for (const size of ['7', '0', 'x', '20000']) expect(read(`size=${size}`).pageSize, size).toBe(50);
    for (const sort of ['unknown_field', '-', '--amount', 'amount|desc', 'dueDate'])
      expect(read(`sort=${sort}`).sort, sort).toEqual(defaults.sort);
    expect(read('due_from=2026-13-01&due_to=yesterday&amount_min=1,5&amount_max=12.505&product=%20%20').filters).toEqual({});
  });

  it('checks a select with options of its own against them', () => {
    const disputes = { filters: [{ filter: 'expired', type: 'select' as const, options: [{ value: 'true' }, { value: 'false' }] }] };
    expect(readListState(disputes, { expired: 'true' }).filters).toEqual({ expired: 'true' });
    expect(readListState(disputes, { expired: 'maybe' }).filters).toEqual({});
  });

  it('takes no search from the URL for a table without one, and no filter named like a state key', () => {
    const plain = {
      filters: [
        { filter: 'page', type: 'text' as const },
        { filter: 'product', type: 'text' as const },
      ],
    };
    expect(readListState(plain, { search: 'x', page: '2', product: 'Fuel' })).toMatchObject({
      search: '',
      pageIndex: 1,
      filters: { product: 'Fuel' },
    });
  });

  it("reads a plain object (a binding context's query) as it reads URLSearchParams", () => {
    expect(readListState(invoices, { page: '2', sort: '-due_date' })).toEqual(read('page=2&sort=-due_date'));
  });
});

describe("a table's state written to the URL", () => {
  it('leaves out what equals the default, so a fresh list has a bare URL', () => {
    expect(listStateEntries(invoices, defaults, 'en')).toEqual([]);
    expect(writeListState(invoices, new URLSearchParams('page=4'), defaults, '', 'en').toString()).toBe('');
  });

  it('writes language-neutral values: an amount typed in German as a decimal with a dot', () => {
    const typed = state({
      pageIndex: 1,
      pageSize: 100,
      sort: { sort: 'amount', direction: 'desc' },
      search: ' fuel ',
      filters: { amount_min: '1.234,5', due_from: '2026-01-01', product: 'Diesel' },
    });
    expect(new URLSearchParams(listStateEntries(invoices, typed, 'de')).toString()).toBe(
      'page=2&size=100&sort=-amount&search=fuel&due_from=2026-01-01&amount_min=1234.50&product=Diesel',
    );
    expect(minorToUrlAmount(5)).toBe('0.05');
    expect(minorToUrlAmount(-123456)).toBe('-1234.56');
  });

  it('writes nothing for an input not valid yet (what is not sent is not kept)', () => {
    expect(filterToUrl({ type: 'money' }, '12 euros', 'en')).toBeUndefined();
    expect(filterToUrl({ type: 'date' }, '2026-13-01', 'en')).toBeUndefined();
    expect(listStateEntries(invoices, state({ filters: { amount_min: 'abc' } }), 'en')).toEqual([]);
  });

  it('round-trips: what it writes reads back as the same state, in every language', () => {
    const chosen = state({
      pageIndex: 4,
      sort: { sort: 'merchant_name', direction: 'asc' },
      search: 'x',
      filters: { amount_max: '99.9', received_to: '2026-11-23', buid_merchant: 'M-2002' },
    });
    for (const locale of ['en', 'de', 'fr', 'bg']) {
      const back = readListState(invoices, writeListState(invoices, new URLSearchParams(), chosen, '', locale), '');
      expect(listStateKey(invoices, back, locale), locale).toBe(listStateKey(invoices, chosen, locale));
      expect(back.filters.amount_max).toBe('99.90');
    }
  });

  it("replaces only the table's own keys: a binding's (bucket) and another table's stay", () => {
    const query = new URLSearchParams('bucket=past_due&page=9&other.page=2&product=Old');
    const next = writeListState(invoices, query, state({ pageIndex: 1 }), '', 'en');
    expect(next.toString()).toBe('bucket=past_due&other.page=2&page=2');
    const namespaced = writeListState(invoices, query, state({ sort: { sort: 'amount', direction: 'desc' } }), 'invoices.', 'en');
    expect(namespaced.toString()).toBe('bucket=past_due&page=9&other.page=2&product=Old&invoices.sort=-amount');
  });
});

describe('namespaces', () => {
  it('gives one table alone the plain keys, and each of several (in every tab) its id', () => {
    const alone = listNamespaces(invoiceList.body);
    expect([...alone.values()]).toEqual(['']);
    const cards = listNamespaces(cardsScreen.body);
    expect([...cards.values()]).toEqual(['cards-active.', 'cards-requested.', 'cards-activation.', 'cards-terminated.', 'cards-all.']);
    const unnamed = listNamespaces([{ widget: 'table' }, { widget: 'stack', children: [{ widget: 'table' }] }]);
    expect([...unnamed.values()]).toEqual(['table0.', 'table1.']);
  });

  it('reads each table of several from its own keys only', () => {
    const cards = listNamespaces(cardsScreen.body);
    const [active, requested] = [...cards.keys()] as unknown as TableNode[];
    const query = new URLSearchParams('cards-active.page=2&cards-requested.sort=-holder&page=5');
    expect(readListState(active!, query, namespaceOf(active!, cards))).toMatchObject({
      pageIndex: 1,
      sort: { sort: 'card_name', direction: 'asc' },
    });
    expect(readListState(requested!, query, namespaceOf(requested!, cards))).toMatchObject({
      pageIndex: 0,
      sort: { sort: 'holder', direction: 'desc' },
    });
    expect(namespaceOf({ urlNamespace: 'cards-all.' }, cards)).toBe('cards-all.');
  });
});

describe('the API parameters of a URL', () => {
  it("are buildListParams over the URL's state: the route loader and the table send the same", () => {
    expect(listApiParams(invoices, new URLSearchParams('page=2&sort=-amount&amount_min=0.5&search=fuel'), '', bindings, 'en')).toEqual({
      'filter[status]': 'Billed',
      'filter[buid_customer]': 'C-1001',
      'filter[search]': 'fuel',
      'filter[amount_min]': '50',
      'filter[sort]': 'amount|desc',
      'page[number]': 2,
      'page[size]': 50,
    });
  });

  it("drop what the API refused, by the parameter its 400 names, and nothing of the source's own filters", () => {
    const linked = state({
      pageIndex: 3,
      pageSize: 100,
      sort: { sort: 'amount', direction: 'desc' },
      search: 'x',
      filters: { buid_merchant: 'nope', product: 'p' },
    });
    expect(withoutRefused(invoices, linked, 'filter[buid_merchant]')).toEqual({ ...linked, pageIndex: 0, filters: { product: 'p' } });
    expect(withoutRefused(invoices, linked, 'filter[search]')).toEqual({ ...linked, pageIndex: 0, search: '' });
    expect(withoutRefused(invoices, linked, 'filter[sort]')).toEqual({ ...linked, pageIndex: 0, sort: defaults.sort });
    expect(withoutRefused(invoices, linked, 'page[size]')).toEqual({ ...linked, pageIndex: 0, pageSize: 50 });
    expect(withoutRefused(invoices, linked, 'page[number]')).toEqual({ ...linked, pageIndex: 0 });
    expect(withoutRefused(invoices, linked, 'filter[buid_customer]')).toBeNull();
    expect(withoutRefused(invoices, defaults, 'filter[sort]')).toBeNull();
    expect(withoutRefused(invoices, linked, undefined)).toBeNull();
  });

  it('typed criteria commit on the first page once, and never undo a page chosen after a picked filter', () => {
    const picked = state({ sort: { sort: 'amount', direction: 'asc' }, filters: { due_from: '2026-01-01' } });
    // A date picked (committed at once), then page 2 chosen before the router rendered the pick: the debounce of the
    // typed criteria finds them asked for and leaves page 2 alone.
    expect(withTypedCriteria(invoices, { ...picked, pageIndex: 1 }, { search: '', filters: { due_from: '2026-01-01' } }, 'en')).toBeNull();
    // An amount typed as German "12,5" is the URL's 12.50: the same criteria.
    const typedAmount = state({ filters: { amount_min: '12.50' } });
    expect(withTypedCriteria(invoices, typedAmount, { search: '', filters: { amount_min: '12,5' } }, 'de')).toBeNull();
    // New typed criteria: the latest state with them, on the first page.
    expect(withTypedCriteria(invoices, { ...picked, pageIndex: 1 }, { search: 'fuel', filters: { due_from: '2026-01-01' } }, 'en')).toEqual(
      {
        ...picked,
        search: 'fuel',
        pageIndex: 0,
      },
    );
  });
});
