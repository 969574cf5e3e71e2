import { describe, expect, it } from 'vitest';
import type { BindingContext } from '../../definitions/bindings.ts';
import {
  buildListParams,
  criteriaParams,
  filterParameterValue,
  initialUiState,
  isFilterInputValid,
  nextSort,
  pageRange,
  pageSizesOf,
  parseMoneyToMinor,
  rowIdOf,
} from './list-params.ts';
import { selectableTest } from './selectable.ts';
import { sortChoiceOf, sortingStateOf } from './sorting.ts';
import type { TableNode, TableUiState } from './types.ts';

const bindings: BindingContext = {
  session: {},
  customer: { buidCustomer: 'C-1004' },
  merchant: null,
  route: { status: 'Billed' },
  query: {},
  selection: [],
  tenant: {},
};

const invoices: TableNode = {
  widget: 'table',
  id: 'invoices',
  source: {
    resource: '/invoices',
    filter: { buid_customer: '{customer.buidCustomer}', status: '{route.status}', merchant: '{merchant.buidMerchant}' },
  },
  rowId: 'trxId',
  columns: [
    { field: 'invoiceId', label: 'invoices.columns.invoiceId', sort: 'invoice_id', link: '/invoice/{record.trxId}' },
    {
      field: 'amountMinor',
      label: 'invoices.columns.amount',
      format: 'currency',
      currencyField: 'currency',
      sort: 'amount',
      align: 'right',
    },
    { field: 'product', label: 'invoices.columns.product' },
  ],
  defaultSort: { sort: 'due_date', direction: 'asc' },
  pageSizes: [25, 50, 100, 500],
  defaultPageSize: 50,
  search: { filter: 'search' },
  filters: [
    { filter: 'due_from', label: 'invoices.filters.dueFrom', type: 'date' },
    { filter: 'amount_min', label: 'invoices.filters.amountMin', type: 'money' },
    { filter: 'product', label: 'invoices.filters.product', type: 'text' },
    { filter: 'status', label: 'invoices.filters.status', type: 'select', options: [{ value: 'Paid', label: 'common.status.paid' }] },
  ],
  selection: 'multiple',
  selectable: { payable: true },
};

const state = (patch: Partial<TableUiState> = {}): TableUiState => ({ ...initialUiState(invoices), ...patch });

describe('buildListParams', () => {
  it('sends the bound source filters, the default sort and the first page', () => {
    expect(buildListParams(invoices, state(), bindings)).toEqual({
      'filter[buid_customer]': 'C-1004',
      'filter[status]': 'Billed',
      'filter[sort]': 'due_date|asc',
      'page[number]': 1,
      'page[size]': 50,
    });
  });
  it('adds search and filter inputs; a user filter wins over a source filter of the same name', () => {
    const params = buildListParams(
      invoices,
      state({
        pageIndex: 2,
        pageSize: 500,
        sort: { sort: 'amount', direction: 'desc' },
        search: '  ACME ',
        filters: { due_from: '2026-01-31', amount_min: '1,234.5', product: ' Diesel ', status: 'Paid' },
      }),
      bindings,
    );
    expect(params).toEqual({
      'filter[buid_customer]': 'C-1004',
      'filter[status]': 'Paid',
      'filter[search]': 'ACME',
      'filter[due_from]': '2026-01-31',
      'filter[amount_min]': '123450',
      'filter[product]': 'Diesel',
      'filter[sort]': 'amount|desc',
      'page[number]': 3,
      'page[size]': 500,
    });
  });
  it('leaves out empty and invalid inputs, so typing never makes the server answer 400', () => {
    const params = buildListParams(
      invoices,
      state({ search: '   ', filters: { due_from: '2026-02-31x', amount_min: '12abc', product: '' } }),
      bindings,
    );
    expect(Object.keys(params).filter((key) => key.startsWith('filter['))).toEqual([
      'filter[buid_customer]',
      'filter[status]',
      'filter[sort]',
    ]);
  });
  it('reads money in the user language', () => {
    expect(buildListParams(invoices, state({ filters: { amount_min: '1.234,56' } }), bindings, 'de')['filter[amount_min]']).toBe('123456');
  });
  it('sends plain source params and no sort when none is chosen', () => {
    const node: TableNode = {
      ...invoices,
      source: { resource: '/x', params: { view: 'summary', limit: 3 } },
      search: undefined,
      filters: undefined,
      defaultSort: undefined,
    };
    expect(buildListParams(node, initialUiState(node), bindings)).toEqual({
      view: 'summary',
      limit: '3',
      'page[number]': 1,
      'page[size]': 50,
    });
  });
  it('sends array bindings comma-separated and conditional filters only when their condition holds', () => {
    const node: TableNode = {
      ...invoices,
      search: undefined,
      filters: undefined,
      defaultSort: undefined,
      source: {
        resource: '/invoices',
        filter: {
          buid_customer: '{session.customerIds}',
          sol_currency: { value: '{session.selectedCurrency}', when: { 'flags.multi_currency_enabled': true } },
        },
      },
    };
    const context = {
      ...bindings,
      session: { customerIds: ['C-1001', 'C-1002'], selectedCurrency: 'USD' },
      flags: { multi_currency_enabled: true },
    };
    expect(buildListParams(node, initialUiState(node), context)).toEqual({
      'filter[buid_customer]': 'C-1001,C-1002',
      'filter[sol_currency]': 'USD',
      'page[number]': 1,
      'page[size]': 50,
    });
    const withoutFlag = buildListParams(node, initialUiState(node), { ...context, flags: { multi_currency_enabled: false } });
    expect(withoutFlag['filter[sol_currency]']).toBeUndefined();
    expect(criteriaParams(withoutFlag)).toEqual({ 'filter[buid_customer]': 'C-1001,C-1002' });
  });
});

describe('initial state and page sizes', () => {
  it('starts with the default size when offered, else the first size', () => {
    expect(initialUiState(invoices)).toEqual({
      pageIndex: 0,
      pageSize: 50,
      sort: { sort: 'due_date', direction: 'asc' },
      search: '',
      filters: {},
    });
    expect(initialUiState({ pageSizes: [10, 20], defaultPageSize: 50 }).pageSize).toBe(10);
    expect(initialUiState({}).pageSize).toBe(25);
  });
  it('keeps sizes within the server limit of 10000', () => {
    expect(pageSizesOf({ pageSizes: [50, 50, 0, 10_000, 20_000] })).toEqual([50, 10_000]);
    expect(pageSizesOf({ pageSizes: [] })).toEqual([25, 50, 100]);
  });
});

describe('parseMoneyToMinor', () => {
  it('reads the locale decimal separator and grouping', () => {
    expect(parseMoneyToMinor('1234.56', 'en')).toBe(123456);
    expect(parseMoneyToMinor('1,234.5', 'en')).toBe(123450);
    expect(parseMoneyToMinor('1,234', 'en')).toBe(123400);
    expect(parseMoneyToMinor('1.234,56', 'de')).toBe(123456);
    expect(parseMoneyToMinor('1 234,56', 'fr')).toBe(123456);
    expect(parseMoneyToMinor('1\u202f234,56', 'fr')).toBe(123456);
    expect(parseMoneyToMinor("1'234.50", 'en')).toBe(123450);
  });
  it('takes the other separator as decimal when it is plainly one', () => {
    expect(parseMoneyToMinor('12.50', 'de')).toBe(1250);
    expect(parseMoneyToMinor('12,5', 'en')).toBe(1250);
    expect(parseMoneyToMinor('1.234', 'de')).toBe(123400);
  });
  it('handles whole numbers, leading decimals, zero and negatives', () => {
    expect(parseMoneyToMinor('7', 'en')).toBe(700);
    expect(parseMoneyToMinor('.5', 'en')).toBe(50);
    expect(parseMoneyToMinor('0.00', 'en')).toBe(0);
    expect(parseMoneyToMinor('-0', 'en')).toBe(0);
    expect(parseMoneyToMinor('-12.34', 'en')).toBe(-1234);
    expect(parseMoneyToMinor('\u221212,34', 'de')).toBe(-1234);
  });
  it('refuses what is not an amount in two decimals', () => {
    for (const text of ['', '  ', '-', '.', 'abc', '12.345', '1.2.3', '$12', '12e3', '1,2,3.4.5', '99999999999999.99']) {
      expect(parseMoneyToMinor(text, 'en'), text).toBeNull();
    }
    expect(parseMoneyToMinor('9999999999999.99', 'en')).toBe(999_999_999_999_999);
  });
  it('never loses a cent to floating point', () => {
    expect(parseMoneyToMinor('0.29', 'en')).toBe(29);
    expect(parseMoneyToMinor('1.15', 'en')).toBe(115);
    expect(parseMoneyToMinor('4.35', 'en')).toBe(435);
  });
});

describe('filter inputs', () => {
  it('sends dates as YYYY-MM-DD only', () => {
    expect(filterParameterValue({ type: 'date' }, '2026-03-01', 'en')).toBe('2026-03-01');
    expect(filterParameterValue({ type: 'date' }, '01/03/2026', 'en')).toBeUndefined();
  });
  it('marks invalid input, empty input is valid', () => {
    expect(isFilterInputValid({ type: 'money' }, '', 'en')).toBe(true);
    expect(isFilterInputValid({ type: 'money' }, '12.3', 'en')).toBe(true);
    expect(isFilterInputValid({ type: 'money' }, '12.345', 'en')).toBe(false);
    expect(isFilterInputValid({ type: 'text' }, 'anything', 'en')).toBe(true);
  });
});

describe('sorting', () => {
  it('flips the same column and starts another ascending', () => {
    expect(nextSort(null, 'amount')).toEqual({ sort: 'amount', direction: 'asc' });
    expect(nextSort({ sort: 'amount', direction: 'asc' }, 'amount')).toEqual({ sort: 'amount', direction: 'desc' });
    expect(nextSort({ sort: 'amount', direction: 'desc' }, 'amount')).toEqual({ sort: 'amount', direction: 'asc' });
    expect(nextSort({ sort: 'amount', direction: 'desc' }, 'invoice_id')).toEqual({ sort: 'invoice_id', direction: 'asc' });
  });
  it('maps server sort names to TanStack column ids and back', () => {
    expect(sortingStateOf(invoices.columns, { sort: 'amount', direction: 'desc' })).toEqual([{ id: 'amountMinor', desc: true }]);
    expect(sortingStateOf(invoices.columns, { sort: 'due_date', direction: 'asc' })).toEqual([]);
    expect(sortChoiceOf(invoices.columns, [{ id: 'invoiceId', desc: false }])).toEqual({ sort: 'invoice_id', direction: 'asc' });
    expect(sortChoiceOf(invoices.columns, [{ id: 'product', desc: false }])).toBeNull();
    expect(sortChoiceOf(invoices.columns, [])).toBeNull();
  });
});

describe('rows', () => {
  it('shows the range of the page', () => {
    expect(pageRange(0, 50, 50, 1234)).toEqual({ from: 1, to: 50, total: 1234 });
    expect(pageRange(24, 50, 34, 1234)).toEqual({ from: 1201, to: 1234, total: 1234 });
    expect(pageRange(0, 50, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
  it('identifies rows by rowId, else the resource id', () => {
    expect(rowIdOf(invoices, { type: 'invoices', id: 'r1', attributes: { trxId: 'T-9' } })).toBe('T-9');
    expect(rowIdOf({}, { type: 'invoices', id: 'r1', attributes: { trxId: 'T-9' } })).toBe('r1');
  });
  it('lets only rows matching the selectable query be selected', () => {
    const canSelect = selectableTest(invoices.selectable);
    expect(canSelect({ payable: true })).toBe(true);
    expect(canSelect({ payable: false })).toBe(false);
    expect(selectableTest({ status: { $in: ['Billed', 'Past Due'] } })({ status: 'Past Due' })).toBe(true);
    expect(selectableTest(undefined)({})).toBe(true);
  });
});
