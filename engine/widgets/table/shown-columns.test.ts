import { describe, expect, it } from 'vitest';
import type { BindingContext } from '../../definitions/bindings.ts';
import { screenBindings } from '../../screens/screen-bindings.ts';
import type { SessionState } from '../../session/types.ts';
import { shownColumns } from './shown-columns.ts';
import type { TableColumnDefinition } from './types.ts';

const columns: TableColumnDefinition[] = [
  { field: 'invoiceId', label: 'invoices.fields.invoiceId', priority: 'key' },
  { field: 'poNumber', label: 'invoices.fields.poNumber', when: { 'session.role': { $nin: ['payer', 'card viewer'] } } },
  { field: 'amount', label: 'invoices.fields.amount', when: { 'flags.multi_currency_enabled': true } },
];

/** The bindings of a signed-in user as the screen builds them, /self spelling the role as the API does. */
function bindingsOf(role: string, flags: Record<string, boolean> = {}): BindingContext {
  const session = { self: { role, session_data: { logged_in: true } }, userType: 'customer', flags } as unknown as SessionState;
  return screenBindings(session, { route: {}, query: {}, selection: [] });
}

describe('columns with a `when` (issue 24: a column hidden for payers)', () => {
  it("binds the user's role as the policy names it", () => {
    expect(bindingsOf('Card Viewer').session.role).toBe('card viewer');
    expect(bindingsOf('Admin').session.role).toBe('admin');
  });

  it('leaves out a column hidden for the role, for those roles only', () => {
    const fields = (role: string) => shownColumns(columns, bindingsOf(role)).map((column) => column.field);
    expect(fields('Payer')).toEqual(['invoiceId']);
    expect(fields('Card Viewer')).toEqual(['invoiceId']);
    expect(fields('Admin')).toEqual(['invoiceId', 'poNumber']);
  });

  it('tests any condition over the bindings, as a widget does', () => {
    expect(shownColumns(columns, bindingsOf('Admin', { multi_currency_enabled: true })).map((column) => column.field)).toEqual([
      'invoiceId',
      'poNumber',
      'amount',
    ]);
  });
});
