import { describe, expect, it } from 'vitest';
import { resolveParts } from '../../common/definition-parts.ts';
import { mergePatch } from '../../common/merge-patch.ts';
import { screenChanges } from '../../domain/screen-diff.ts';
import invoiceListFile from '../../screens/invoice-list.json' with { type: 'json' };
import invoicesTable from '../../screens/parts/invoices-table.json' with { type: 'json' };
import policy from '../../permissions/policy.json' with { type: 'json' };
import { mergePatchFrom } from './merge-patch-diff.ts';
import {
  actionsOf,
  moveColumn,
  type Screen,
  screenRoles,
  setActionShown,
  setColumnHiddenFor,
  setColumnLabel,
  setColumnVisibility,
  setDefaultPageSize,
  setDefaultSort,
  setTitle,
  setWidgetShown,
  tablesOf,
  widgetsOf,
} from './screen-edits.ts';

// The invoice list as the portal and the server patch it: its invoices table part resolved.
const shipped = resolveParts(invoiceListFile as Screen, new Map([['invoices-table', invoicesTable]])).resolved;
const table = (screen: Screen) => tablesOf(shipped, screen).find((found) => found.id === 'invoices')!;
const fields = (screen: Screen) => table(screen).columns.map((column) => `${column.field}:${column.visibility}`);
/** What the server's diff says of the patch the form writes for `screen`. */
const described = (screen: Screen) => screenChanges(shipped, undefined, mergePatchFrom(shipped, screen));

describe('the patch the screen form writes', () => {
  it('is nothing while the screen is as shipped, and gives back the edited screen when merged over the shipped one', () => {
    expect(mergePatchFrom(shipped, shipped)).toBeUndefined();
    const edited = setTitle(setColumnVisibility(shipped, shipped, 'invoices', 'poNumber', 'removed'), 'common.menu.invoices');
    const patch = mergePatchFrom(shipped, edited);
    expect(Object.keys(patch as object).sort()).toEqual(['body', 'title']);
    expect(mergePatch(shipped, patch)).toEqual(edited);
  });

  it('writes a removed property as null (RFC 7386)', () => {
    const unsorted = setDefaultSort(shipped, 'invoices', null);
    expect(mergePatch(shipped, mergePatchFrom(shipped, unsorted))).toEqual(unsorted);
    expect(mergePatchFrom({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 2 } })).toEqual({ b: { d: null } });
  });

  it('hides a column the way the diff reads as hidden, and shows it again at its shipped place', () => {
    const hidden = setColumnVisibility(shipped, shipped, 'invoices', 'poNumber', 'removed');
    expect(described(hidden)).toEqual([{ kind: 'columnHidden', table: 'invoices.list.caption', column: 'invoices.fields.poNumber' }]);
    expect(fields(hidden).at(-1)).toBe('poNumber:removed');
    const back = setColumnVisibility(hidden, shipped, 'invoices', 'poNumber', 'shown');
    expect(fields(back)).toEqual(fields(shipped));
    expect(mergePatchFrom(shipped, back)).toBeUndefined();
  });

  it('hides a column until the user shows it, and shows a column the shipped table hides', () => {
    const menuOnly = setColumnVisibility(shipped, shipped, 'invoices', 'poNumber', 'defaultHidden');
    expect(fields(menuOnly)).toContain('poNumber:defaultHidden');
    expect(described(menuOnly)).toEqual([{ kind: 'columnHidden', table: 'invoices.list.caption', column: 'invoices.fields.poNumber' }]);
    const trx = setColumnVisibility(shipped, shipped, 'invoices', 'trxId', 'shown');
    expect(described(trx)).toEqual([{ kind: 'columnShown', table: 'invoices.list.caption', column: 'invoices.fields.trxId' }]);
  });

  it('orders columns, and a move past either end changes nothing', () => {
    const moved = moveColumn(shipped, 'invoices', 'poNumber', -1);
    expect(
      table(moved)
        .columns.slice(0, 3)
        .map((column) => column.field),
    ).toEqual(['invoiceId', 'poNumber', 'trxId']);
    expect(described(moved).map((change) => change.kind)).toEqual(['columnsReordered']);
    expect(moveColumn(shipped, 'invoices', 'invoiceId', -1)).toEqual(shipped);
  });

  it('changes a column label, the default sort and the page size', () => {
    let screen = setColumnLabel(shipped, 'invoices', 'poNumber', 'invoices.fields.invoiceId');
    screen = setDefaultSort(screen, 'invoices', { sort: 'amount', direction: 'desc' });
    screen = setDefaultPageSize(screen, 'invoices', 100);
    expect(table(screen)).toMatchObject({ defaultSort: { sort: 'amount', direction: 'desc' }, defaultPageSize: 100 });
    expect(
      described(screen)
        .map((change) => change.kind)
        .sort(),
    ).toEqual(['defaultSort', 'labelChanged', 'pageSize']);
  });

  it('hides a widget by its id and puts it back where it was', () => {
    const hidden = setWidgetShown(shipped, shipped, 'bucket-current-note', false);
    expect(widgetsOf(shipped, hidden).find((widget) => widget.key === 'bucket-current-note')).toMatchObject({
      shown: false,
      restorable: true,
    });
    expect(described(hidden)).toEqual([{ kind: 'widgetHidden', widget: 'invoices.list.bucketCurrent' }]);
    expect(setWidgetShown(hidden, shipped, 'bucket-current-note', true)).toEqual(shipped);
  });

  it("hides a table's action and shows it again", () => {
    const actions = actionsOf(shipped, shipped);
    expect(actions.length).toBeGreaterThan(0);
    const first = actions[0]!;
    const hidden = setActionShown(shipped, shipped, first.key, false);
    expect(actionsOf(shipped, hidden).find((action) => action.key === first.key)?.shown).toBe(false);
    expect(mergePatchFrom(shipped, hidden)).toBeDefined();
    expect(setActionShown(hidden, shipped, first.key, true)).toEqual(shipped);
  });

  it('hides a column for some roles with a `when` the diff reads in roles, and shows it to all again', () => {
    const roles = screenRoles(shipped, policy.grants);
    expect(roles).toEqual(['admin', 'payer', 'view only', 'card viewer', 'safety manager', 'enrollment manager']);
    const forPayers = setColumnHiddenFor(shipped, 'invoices', 'poNumber', ['card viewer', 'payer'], roles);
    const column = table(forPayers).columns.find((found) => found.field === 'poNumber')!;
    expect(column).toMatchObject({ visibility: 'shown', hiddenFor: ['payer', 'card viewer'] });
    expect(described(forPayers)).toEqual([
      { kind: 'columnHiddenFor', table: 'invoices.list.caption', column: 'invoices.fields.poNumber', roles: ['payer', 'card viewer'] },
    ]);
    const payersOnly = setColumnHiddenFor(forPayers, 'invoices', 'poNumber', ['payer'], roles);
    expect(screenChanges(shipped, mergePatchFrom(shipped, forPayers), mergePatchFrom(shipped, payersOnly))).toEqual([
      { kind: 'columnShownFor', table: 'invoices.list.caption', column: 'invoices.fields.poNumber', roles: ['card viewer'] },
    ]);
    expect(mergePatchFrom(shipped, setColumnHiddenFor(payersOnly, 'invoices', 'poNumber', [], roles))).toBeUndefined();
  });

  it("leaves a column's other condition to the JSON editor", () => {
    const other = updateColumn(shipped, 'poNumber', { when: { 'flags.po_enabled': true } });
    expect(table(other).columns.find((found) => found.field === 'poNumber')?.hiddenFor).toBeNull();
    expect(described(other)).toEqual([{ kind: 'definitionChanged' }]);
  });
});

/** The shipped screen with one column of the invoices table given more properties. */
function updateColumn(screen: Screen, field: string, extra: Record<string, unknown>): Screen {
  const json = JSON.stringify(screen);
  const copy = JSON.parse(json) as Screen;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record.widget === 'table' && record.id === 'invoices' && Array.isArray(record.columns))
        record.columns = record.columns.map((column: Record<string, unknown>) =>
          column.field === field ? { ...column, ...extra } : column,
        );
      Object.values(record).forEach(visit);
    }
  };
  visit(copy);
  return copy;
}
