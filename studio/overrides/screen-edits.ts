/**
 * The common changes an operator makes to a screen (issue 24: show, hide and order a table's
 * columns, its default sort and page size, hide a widget or an action, change a label to another
 * text key), as pure functions over the screen as the tenant's patch leaves it. Each answers a new
 * screen; the studio then writes `mergePatchFrom(shipped, screen)` as the tenant's override, so
 * these functions never build a patch themselves. Something hidden is removed from its list, as
 * domain/screen-diff.ts reads it ("column … hidden", "widget … hidden"); shown again, it comes
 * back from the shipped screen at its shipped place.
 */
import { rolesHiddenFrom, whenHiddenFor } from '../../domain/column-roles.ts';

export type Node = Record<string, unknown>;
export type Screen = Node;

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : []);

/** The first node (depth first) for which `test` holds. */
function findNode(tree: unknown, test: (node: Node) => boolean): Node | undefined {
  if (Array.isArray(tree)) {
    for (const item of tree) {
      const found = findNode(item, test);
      if (found) return found;
    }
    return undefined;
  }
  if (!isNode(tree)) return undefined;
  if (test(tree)) return tree;
  return findNode(Object.values(tree), test);
}

/** `tree` with every node for which `test` holds replaced by `update(node)` (copied on the way, never mutated). */
function mapNodes(tree: unknown, test: (node: Node) => boolean, update: (node: Node) => Node): unknown {
  if (Array.isArray(tree)) return tree.map((item) => mapNodes(item, test, update));
  if (!isNode(tree)) return tree;
  const inner = Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, mapNodes(value, test, update)]));
  return test(tree) ? update(inner) : inner;
}

const byWidgetId = (id: string) => (node: Node) => typeof node.widget === 'string' && node.id === id;
/** The screen with the widget `id` changed by `update`. */
export const updateWidget = (screen: Screen, id: string, update: (node: Node) => Node): Screen =>
  mapNodes(screen, byWidgetId(id), update) as Screen;
export const widgetOf = (screen: Screen, id: string): Node | undefined => findNode(screen, byWidgetId(id));

/**
 * `item` put back into `current` where `shipped` had it: after the nearest item before it in the
 * shipped list that `current` still holds (first when none does).
 */
export function restoreItem<T>(current: readonly T[], shipped: readonly T[], item: T, same: (a: T, b: T) => boolean): T[] {
  const at = shipped.findIndex((candidate) => same(candidate, item));
  for (let index = at - 1; index >= 0; index -= 1) {
    const position = current.findIndex((candidate) => same(candidate, shipped[index]!));
    if (position >= 0) return [...current.slice(0, position + 1), item, ...current.slice(position + 1)];
  }
  return [item, ...current];
}

// --- Tables -------------------------------------------------------------------------------------

/** shown; hidden until the user shows it in the column menu (`defaultHidden`); removed from the table. */
export type Visibility = 'shown' | 'defaultHidden' | 'removed';

export interface ColumnView {
  field: string;
  label: string;
  visibility: Visibility;
  /** The server's sort name, when the column sorts. */
  sort?: string;
  /** The roles it is hidden for (domain/column-roles.ts); null: its `when` is another condition (the JSON editor's). */
  hiddenFor: string[] | null;
}

export interface TableView {
  id: string;
  caption?: string;
  /** In the screen's order; removed shipped columns last. */
  columns: ColumnView[];
  defaultSort?: { sort: string; direction: 'asc' | 'desc' };
  pageSizes: number[];
  defaultPageSize?: number;
}

const columnsOf = (table: Node | undefined) => nodes(table?.columns);
const sameField = (a: Node, b: Node) => a.field === b.field;

function columnView(column: Node, visibility: Visibility): ColumnView {
  return {
    field: String(column.field),
    label: String(column.label),
    visibility,
    ...(typeof column.sort === 'string' ? { sort: column.sort } : {}),
    hiddenFor: rolesHiddenFrom(column.when),
  };
}

/** The tables (widgets `table` with an id) of the screen, as the form shows them. */
export function tablesOf(shipped: Screen, screen: Screen): TableView[] {
  const tables: TableView[] = [];
  const collect = (tree: unknown) => {
    if (Array.isArray(tree)) tree.forEach(collect);
    else if (isNode(tree)) {
      if (tree.widget === 'table' && typeof tree.id === 'string') tables.push(tableView(widgetOf(shipped, tree.id), tree));
      Object.values(tree).forEach(collect);
    }
  };
  collect(screen.body);
  return tables;
}

function tableView(shippedTable: Node | undefined, table: Node): TableView {
  const current = columnsOf(table);
  const removed = columnsOf(shippedTable).filter((column) => !current.some((kept) => sameField(kept, column)));
  const sort = isNode(table.defaultSort) ? table.defaultSort : undefined;
  return {
    id: String(table.id),
    ...(typeof table.caption === 'string' ? { caption: table.caption } : {}),
    columns: [
      ...current.map((column) => columnView(column, column.defaultHidden === true ? 'defaultHidden' : 'shown')),
      ...removed.map((column) => columnView(column, 'removed')),
    ],
    ...(sort ? { defaultSort: { sort: String(sort.sort), direction: sort.direction === 'desc' ? 'desc' : 'asc' } } : {}),
    pageSizes: Array.isArray(table.pageSizes) ? table.pageSizes.filter((size): size is number => typeof size === 'number') : [],
    ...(typeof table.defaultPageSize === 'number' ? { defaultPageSize: table.defaultPageSize } : {}),
  };
}

function withDefaultHidden(column: Node, hidden: boolean): Node {
  const { defaultHidden: _defaultHidden, ...rest } = column;
  return hidden ? { ...rest, defaultHidden: true } : rest;
}

/** The column `field` of table `tableId` shown, hidden until the user shows it, or removed. */
export function setColumnVisibility(screen: Screen, shipped: Screen, tableId: string, field: string, visibility: Visibility): Screen {
  return updateWidget(screen, tableId, (table) => {
    const columns = columnsOf(table);
    if (visibility === 'removed') return { ...table, columns: columns.filter((column) => column.field !== field) };
    const hidden = visibility === 'defaultHidden';
    if (columns.some((column) => column.field === field))
      return { ...table, columns: columns.map((column) => (column.field === field ? withDefaultHidden(column, hidden) : column)) };
    const shippedColumns = columnsOf(widgetOf(shipped, tableId));
    const original = shippedColumns.find((column) => column.field === field);
    if (!original) return table;
    return { ...table, columns: restoreItem(columns, shippedColumns, withDefaultHidden(original, hidden), sameField) };
  });
}

/**
 * The column `field` hidden for `roles` (the policy's names) and shown to every other user: its
 * `when` (domain/column-roles.ts), written in the policy's `order`; no roles, no `when`. A removed
 * column is left as it is (show it first).
 */
export const setColumnHiddenFor = (
  screen: Screen,
  tableId: string,
  field: string,
  roles: readonly string[],
  order: readonly string[],
): Screen =>
  updateWidget(screen, tableId, (table) => ({
    ...table,
    columns: columnsOf(table).map((column) => {
      if (column.field !== field) return column;
      const { when: _when, ...rest } = column;
      const when = whenHiddenFor(roles, order);
      return when ? { ...rest, when } : rest;
    }),
  }));

/**
 * The roles a screen's users may have: those the policy grants for the user types its guard lets in
 * (every user type when it names none), in the policy's order.
 */
export function screenRoles(screen: Screen, grants: Readonly<Record<string, Readonly<Record<string, unknown>>>>): string[] {
  const guard = isNode(screen.guard) ? screen.guard : {};
  const userTypes = Array.isArray(guard.userTypes)
    ? guard.userTypes.filter((type): type is string => typeof type === 'string')
    : Object.keys(grants);
  return [...new Set(userTypes.flatMap((type) => Object.keys(grants[type] ?? {})))];
}

/** The column `field` moved by `offset` places (−1: one to the left), within the table's columns. */
export function moveColumn(screen: Screen, tableId: string, field: string, offset: number): Screen {
  return updateWidget(screen, tableId, (table) => {
    const columns = [...columnsOf(table)];
    const from = columns.findIndex((column) => column.field === field);
    const to = from + offset;
    if (from < 0 || to < 0 || to >= columns.length) return table;
    const [column] = columns.splice(from, 1);
    columns.splice(to, 0, column!);
    return { ...table, columns };
  });
}

/** The column's header text: another existing text key. */
export const setColumnLabel = (screen: Screen, tableId: string, field: string, label: string): Screen =>
  updateWidget(screen, tableId, (table) => ({
    ...table,
    columns: columnsOf(table).map((column) => (column.field === field ? { ...column, label } : column)),
  }));

/** The table's first sort (a column's sort name and direction), or none. */
export const setDefaultSort = (screen: Screen, tableId: string, sort: { sort: string; direction: 'asc' | 'desc' } | null): Screen =>
  updateWidget(screen, tableId, ({ defaultSort: _previous, ...table }) => (sort ? { ...table, defaultSort: sort } : table));

/** The table's first page size: one of its page sizes (the schema's and the engine's rule). */
export const setDefaultPageSize = (screen: Screen, tableId: string, size: number): Screen =>
  updateWidget(screen, tableId, (table) => ({ ...table, defaultPageSize: size }));

// --- Widgets and actions ------------------------------------------------------------------------

/** An element of the shipped screen the operator may hide: where it lives and whether it is shown. */
export interface HideableView {
  key: string;
  /** Its text key (caption, label, title or text), else its id. */
  name: string;
  shown: boolean;
  /** False when it cannot be put back (the list that held it is gone from the screen: edit the JSON). */
  restorable: boolean;
}

const NAME_PROPERTIES = ['caption', 'label', 'title', 'text'] as const;
const nameOf = (node: Node, fallback: string) =>
  NAME_PROPERTIES.map((property) => node[property]).find((value): value is string => typeof value === 'string') ?? fallback;

/** Where a list of the screen lives: a property of the screen itself or of a widget with an id. */
interface ListPlace {
  owner: string | null;
  property: string;
}
const listAt = (screen: Screen, place: ListPlace): unknown[] | undefined => {
  const owner = place.owner === null ? screen : widgetOf(screen, place.owner);
  const list = owner?.[place.property];
  return Array.isArray(list) ? list : undefined;
};
const withList = (screen: Screen, place: ListPlace, list: unknown[]): Screen =>
  place.owner === null
    ? { ...screen, [place.property]: list }
    : updateWidget(screen, place.owner, (node) => ({ ...node, [place.property]: list }));

/** Every widget with an id in a list of the shipped screen, with the list that holds it. */
function placedWidgets(shipped: Screen): Array<{ id: string; widget: Node; place: ListPlace }> {
  const found: Array<{ id: string; widget: Node; place: ListPlace }> = [];
  const visit = (node: Node, owner: string | null) => {
    for (const [property, value] of Object.entries(node)) {
      if (Array.isArray(value))
        for (const item of nodes(value)) {
          if (typeof item.widget === 'string' && typeof item.id === 'string')
            found.push({ id: item.id, widget: item, place: { owner, property } });
          visit(item, typeof item.widget === 'string' && typeof item.id === 'string' ? item.id : owner);
        }
      else if (isNode(value)) visit(value, owner);
    }
  };
  visit(shipped, null);
  return found;
}

export function widgetsOf(shipped: Screen, screen: Screen): HideableView[] {
  return placedWidgets(shipped).map(({ id, widget, place }) => ({
    key: id,
    name: nameOf(widget, id),
    shown: widgetOf(screen, id) !== undefined,
    restorable: listAt(screen, place) !== undefined,
  }));
}

const sameWidget = (a: unknown, b: unknown) => isNode(a) && isNode(b) && a.id === b.id && a.widget === b.widget;

/** The widget `id` removed from the screen, or put back where the shipped screen has it. */
export function setWidgetShown(screen: Screen, shipped: Screen, id: string, shown: boolean): Screen {
  if (!shown)
    return mapNodes(
      screen,
      () => true,
      (node) => dropFromLists(node, (item) => byWidgetId(id)(item)),
    ) as Screen;
  const placed = placedWidgets(shipped).find((candidate) => candidate.id === id);
  const list = placed && listAt(screen, placed.place);
  if (!placed || !list || widgetOf(screen, id)) return screen;
  return withList(screen, placed.place, restoreItem(list, listAt(shipped, placed.place) ?? [], placed.widget, sameWidget));
}

function dropFromLists(node: Node, drop: (item: Node) => boolean): Node {
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, Array.isArray(value) ? value.filter((item) => !(isNode(item) && drop(item))) : value]),
  );
}

const ACTION_LISTS = ['actions', 'rowActions'] as const;
const actionKey = (owner: string, property: string, label: string) => `${owner}/${property}/${label}`;
const sameAction = (a: unknown, b: unknown) => isNode(a) && isNode(b) && a.label === b.label && a.do === b.do;

/** The labelled actions (buttons) of the shipped screen's widgets with an id: a table's actions and row actions, an actions widget's. */
function placedActions(shipped: Screen): Array<{ key: string; action: Node; place: ListPlace }> {
  const found: Array<{ key: string; action: Node; place: ListPlace }> = [];
  for (const { id, widget } of placedWidgets(shipped))
    for (const property of ACTION_LISTS)
      for (const action of nodes(widget[property]))
        if (typeof action.label === 'string')
          found.push({ key: actionKey(id, property, action.label), action, place: { owner: id, property } });
  return found;
}

export function actionsOf(shipped: Screen, screen: Screen): HideableView[] {
  return placedActions(shipped).map(({ key, action, place }) => {
    const list = listAt(screen, place);
    return {
      key,
      name: String(action.label),
      shown: list?.some((item) => sameAction(item, action)) ?? false,
      restorable: list !== undefined,
    };
  });
}

/** The action `key` (actionsOf) removed, or put back where the shipped screen has it. */
export function setActionShown(screen: Screen, shipped: Screen, key: string, shown: boolean): Screen {
  const placed = placedActions(shipped).find((candidate) => candidate.key === key);
  const list = placed && listAt(screen, placed.place);
  if (!placed || !list) return screen;
  const without = list.filter((item) => !sameAction(item, placed.action));
  const next = shown ? restoreItem(without, listAt(shipped, placed.place) ?? [], placed.action, sameAction) : without;
  return withList(screen, placed.place, next);
}

/** The screen's title: another existing text key. */
export const setTitle = (screen: Screen, title: string): Screen => ({ ...screen, title });
