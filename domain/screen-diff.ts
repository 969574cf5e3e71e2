/**
 * What a tenant's screen override changes, in the operator's terms (issue 24): the studio says
 * "Invoice list: column PO number hidden" rather than showing two JSON Merge Patches. Both
 * patches are applied to the shipped definition and the results compared: tables by their id and
 * their columns by field (hidden, shown, hidden or shown again for roles, reordered, the default
 * sort, the page size), widgets by
 * their id (hidden, shown), and text keys of what both have (a label changed). Anything else a
 * patch changes reads as "definition changed". Names are text keys; the server puts them in words.
 */
import { rolesHiddenFrom } from './column-roles.ts';
import { mergePatch } from '../common/merge-patch.ts';

export type ScreenChange =
  | { kind: 'columnHidden' | 'columnShown'; table: string; column: string }
  | { kind: 'columnHiddenFor' | 'columnShownFor'; table: string; column: string; roles: string[] }
  | { kind: 'columnsReordered'; table: string; columns: string[] }
  | { kind: 'defaultSort'; table: string; before: string; after: string }
  | { kind: 'pageSize'; table: string; before: string; after: string }
  | { kind: 'widgetHidden' | 'widgetShown'; widget: string }
  | { kind: 'labelChanged'; where: string; before: string; after: string }
  | { kind: 'definitionChanged' };

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const TEXT_PROPERTIES = ['title', 'label', 'caption', 'text', 'empty'] as const;

/** The name of a node for the operator: its caption or label text key, else its id. */
function nameOf(node: Node, fallback: string): string {
  for (const property of ['caption', 'label', 'title', 'text'] as const) if (typeof node[property] === 'string') return node[property];
  return typeof node.id === 'string' ? node.id : fallback;
}

/** Every node with a `widget` and an `id`, by id (widgets without an id cannot be told apart across patches). */
function widgetsById(node: unknown, found = new Map<string, Node>()): Map<string, Node> {
  if (Array.isArray(node)) for (const item of node) widgetsById(item, found);
  else if (isNode(node)) {
    if (typeof node.widget === 'string' && typeof node.id === 'string') found.set(node.id, node);
    for (const value of Object.values(node)) widgetsById(value, found);
  }
  return found;
}

interface Column {
  field: string;
  label: string;
  hidden: boolean;
  /** The roles its `when` hides it from (domain/column-roles.ts); null: some other condition. */
  hiddenFor: string[] | null;
}

function columnsOf(table: Node): Column[] {
  const columns = Array.isArray(table.columns) ? table.columns.filter(isNode) : [];
  return columns.map((column) => ({
    field: String(column.field),
    label: typeof column.label === 'string' ? column.label : String(column.field),
    hidden: column.defaultHidden === true,
    hiddenFor: rolesHiddenFrom(column.when),
  }));
}

/** A kept column hidden from more roles, or shown again to some ("Invoices: column PO number hidden for payers"). */
function roleChanges(table: string, before: Column, after: Column): ScreenChange[] {
  // Another condition than the studio's shape is not said in roles: "definition changed" covers it.
  if (before.hiddenFor === null || after.hiddenFor === null) return [];
  const was = before.hiddenFor;
  const now = after.hiddenFor;
  const hidden = now.filter((role) => !was.includes(role));
  const shown = was.filter((role) => !now.includes(role));
  return [
    ...(hidden.length > 0 ? [{ kind: 'columnHiddenFor' as const, table, column: after.label, roles: hidden }] : []),
    ...(shown.length > 0 ? [{ kind: 'columnShownFor' as const, table, column: after.label, roles: shown }] : []),
  ];
}

const sortText = (sort: unknown) => (isNode(sort) ? `${String(sort.sort)} ${String(sort.direction ?? 'asc')}` : '');
const pageSizeOf = (table: Node) => String(table.defaultPageSize ?? (Array.isArray(table.pageSizes) ? table.pageSizes[0] : '') ?? '');

function tableChanges(id: string, before: Node, after: Node): ScreenChange[] {
  const table = nameOf(after, id);
  const changes: ScreenChange[] = [];
  const old = columnsOf(before);
  const now = columnsOf(after);
  const oldByField = new Map(old.map((column) => [column.field, column]));
  const nowByField = new Map(now.map((column) => [column.field, column]));
  for (const column of old) {
    const kept = nowByField.get(column.field);
    if (!column.hidden && (!kept || kept.hidden)) changes.push({ kind: 'columnHidden', table, column: column.label });
    if (kept && kept.label !== column.label) changes.push({ kind: 'labelChanged', where: table, before: column.label, after: kept.label });
    if (kept) changes.push(...roleChanges(table, column, kept));
  }
  for (const column of now) {
    const was = oldByField.get(column.field);
    if (!column.hidden && (!was || was.hidden)) changes.push({ kind: 'columnShown', table, column: column.label });
    // A column put back already hidden from some roles says so.
    if (!was) changes.push(...roleChanges(table, { ...column, hiddenFor: [] }, column));
  }
  const common = (columns: Column[], other: Map<string, Column>) =>
    columns.filter((column) => other.has(column.field)).map((column) => column.field);
  const oldOrder = common(old, nowByField);
  const newOrder = common(now, oldByField);
  if (oldOrder.join() !== newOrder.join())
    changes.push({
      kind: 'columnsReordered',
      table,
      columns: now.filter((column) => oldByField.has(column.field)).map((column) => column.label),
    });
  if (sortText(before.defaultSort) !== sortText(after.defaultSort))
    changes.push({ kind: 'defaultSort', table, before: sortText(before.defaultSort), after: sortText(after.defaultSort) });
  if (pageSizeOf(before) !== pageSizeOf(after))
    changes.push({ kind: 'pageSize', table, before: pageSizeOf(before), after: pageSizeOf(after) });
  return changes;
}

function textChanges(where: string, before: Node, after: Node): ScreenChange[] {
  return TEXT_PROPERTIES.filter((property) => typeof before[property] === 'string' && typeof after[property] === 'string')
    .filter((property) => before[property] !== after[property])
    .map((property) => ({ kind: 'labelChanged', where, before: String(before[property]), after: String(after[property]) }));
}

/** The changes from the screen as `beforePatch` leaves `shipped` to the screen as `afterPatch` does. */
export function screenChanges(shipped: object, beforePatch: unknown, afterPatch: unknown): ScreenChange[] {
  const before = mergePatch(shipped, beforePatch ?? {}) as Node;
  const after = mergePatch(shipped, afterPatch ?? {}) as Node;
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const changes: ScreenChange[] = textChanges(String(after.id ?? ''), before, after);
  const oldWidgets = widgetsById(before.body);
  const newWidgets = widgetsById(after.body);
  for (const [id, widget] of oldWidgets) {
    const kept = newWidgets.get(id);
    if (!kept) {
      changes.push({ kind: 'widgetHidden', widget: nameOf(widget, id) });
      continue;
    }
    if (Array.isArray(widget.columns) || Array.isArray(kept.columns)) changes.push(...tableChanges(id, widget, kept));
    changes.push(...textChanges(nameOf(kept, id), widget, kept));
  }
  for (const [id, widget] of newWidgets) if (!oldWidgets.has(id)) changes.push({ kind: 'widgetShown', widget: nameOf(widget, id) });
  return changes.length > 0 ? changes : [{ kind: 'definitionChanged' }];
}
