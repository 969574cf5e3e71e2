import { describe, expect, it } from 'vitest';
import { defaultVisibility, storageKey } from './column-visibility.ts';
import type { TableColumnDefinition } from './types.ts';

const columns: TableColumnDefinition[] = [
  { field: 'invoiceId', label: 'id' },
  { field: 'trxId', label: 'trx', defaultHidden: true },
  { field: 'branch', label: 'branch', hideWhenEmpty: true },
];
const rows = (...records: Array<Record<string, unknown>>) => records.map((record, index) => ({ id: String(index), record }));

describe('the columns a table shows before the user chooses (issue 13)', () => {
  it("hides the definition's defaultHidden columns", () => {
    expect(defaultVisibility({ columns }, rows({ invoiceId: 'INV-1', branch: '00011' }))).toEqual({ trxId: false });
  });

  it('hides a hideWhenEmpty column while no loaded row has a value in it', () => {
    expect(defaultVisibility({ columns }, rows({ branch: null }, { branch: '' }))).toEqual({ trxId: false, branch: false });
    // Nothing loaded yet: nothing to judge by.
    expect(defaultVisibility({ columns }, [])).toEqual({ trxId: false });
  });

  it('keeps a choice per user and table', () => {
    expect(storageKey(7, 'invoices')).toBe('portal.columns.7.invoices');
    expect(storageKey(undefined, 'invoices')).toBe('portal.columns.anonymous.invoices');
  });
});
