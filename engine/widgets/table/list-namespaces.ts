/**
 * Where a screen's tables keep their state in the URL's query (list-url-state.ts). Its own small
 * module: the screen page (which every page loads) needs only this, not the state's parsing.
 */

/**
 * The namespace of each table of a screen body: '' when the screen holds one table, else
 * "<id>." (a table without an id: "table<n>.", n counting the tables in the body's order).
 * Every table counts, also those of tabs not shown yet, so a table's keys never depend on
 * which tab is open.
 */
export function listNamespaces(body: readonly unknown[]): Map<object, string> {
  const tables: Array<Record<string, unknown>> = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      if (node.widget === 'table') tables.push(node);
      visit(node.children);
      if (Array.isArray(node.tabs)) for (const tab of node.tabs) visit((tab as { children?: unknown } | null)?.children);
    }
  };
  visit(body);
  return new Map(
    tables.map((table, index) => [table, tables.length > 1 ? `${typeof table.id === 'string' ? table.id : `table${index}`}.` : '']),
  );
}

/**
 * The screen manifest's first reads (routing/first-reads.ts) keep only some of a screen's tables,
 * too few to count: each table kept carries its namespace under this key instead.
 */
export const NAMESPACE_KEY = 'urlNamespace';

/** A table node's namespace: the manifest's mark, else the screen's count (listNamespaces), else ''. */
export function namespaceOf(node: object, namespaces?: ReadonlyMap<object, string>): string {
  const marked = (node as Record<string, unknown>)[NAMESPACE_KEY];
  return typeof marked === 'string' ? marked : (namespaces?.get(node) ?? '');
}
