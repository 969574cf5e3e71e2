import { describe, expect, it } from 'vitest';
import { screenChanges } from './screen-diff.ts';

const shipped = {
  id: 'list',
  title: 'screens.list',
  body: [
    { widget: 'heading', id: 'heading', text: 'list.heading' },
    { widget: 'markdown', id: 'note', text: 'list.note' },
    {
      widget: 'table',
      id: 'rows',
      caption: 'list.caption',
      defaultSort: { sort: 'due', direction: 'asc' },
      pageSizes: [10, 25],
      columns: [
        { field: 'id', label: 'list.id' },
        { field: 'po', label: 'list.po' },
        { field: 'trx', label: 'list.trx', defaultHidden: true },
        { field: 'due', label: 'list.due' },
      ],
    },
  ],
};
type Body = typeof shipped.body;
const patched = (change: (body: Body) => void) => {
  const body = structuredClone(shipped.body);
  change(body);
  return { body };
};
type Table = Record<string, unknown> & { columns: Array<{ field: string; label: string; defaultHidden?: boolean }> };
const table = (body: Body) => body[2] as unknown as Table;

describe('screenChanges (issue 24: a screen override in the operator words)', () => {
  it('finds nothing when both patches leave the screen alike', () => {
    expect(
      screenChanges(
        shipped,
        undefined,
        patched(() => undefined),
      ),
    ).toEqual([]);
  });

  it('names hidden, shown and reordered columns', () => {
    const after = patched((body) => {
      const rows = table(body);
      rows.columns = [rows.columns[3]!, rows.columns[0]!, { ...rows.columns[2]!, defaultHidden: false }];
    });
    expect(screenChanges(shipped, undefined, after)).toEqual([
      { kind: 'columnHidden', table: 'list.caption', column: 'list.po' },
      { kind: 'columnShown', table: 'list.caption', column: 'list.trx' },
      { kind: 'columnsReordered', table: 'list.caption', columns: ['list.due', 'list.id', 'list.trx'] },
    ]);
  });

  it('names the default sort, the page size, a hidden widget and a changed label', () => {
    const after = patched((body) => {
      Object.assign(table(body), { defaultSort: { sort: 'id', direction: 'desc' }, defaultPageSize: 25 });
      table(body).columns[1]!.label = 'list.purchaseOrder';
      body.splice(1, 1);
    });
    expect(screenChanges(shipped, undefined, { ...after, title: 'screens.other' })).toEqual([
      { kind: 'labelChanged', where: 'list', before: 'screens.list', after: 'screens.other' },
      { kind: 'widgetHidden', widget: 'list.note' },
      { kind: 'labelChanged', where: 'list.caption', before: 'list.po', after: 'list.purchaseOrder' },
      { kind: 'defaultSort', table: 'list.caption', before: 'due asc', after: 'id desc' },
      { kind: 'pageSize', table: 'list.caption', before: '10', after: '25' },
    ]);
  });

  it('says "definition changed" for what it has no words for, and compares against the earlier patch', () => {
    expect(screenChanges(shipped, undefined, { guard: { flags: ['x_enabled'] } })).toEqual([{ kind: 'definitionChanged' }]);
    const hidden = patched((body) => body.splice(1, 1));
    expect(screenChanges(shipped, hidden, undefined)).toEqual([{ kind: 'widgetShown', widget: 'list.note' }]);
  });
});
