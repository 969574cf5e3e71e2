import type { WidgetNode } from '../definitions/types.ts';
import { contractOf } from '../registry/widget-contracts.ts';
import { listNamespaces, NAMESPACE_KEY } from '../widgets/table/list-namespaces.ts';

/** What of any node its route loader needs: which widget it is and whether it shows. */
const NODE_KEYS = ['widget', 'when'] as const;

/**
 * What of a node its route loader needs to start the node's first read: the props its widget's
 * contract names as `reads` (a table's source, page sizes, sort and search), none for a widget
 * that reads nothing. A table's state then comes from the URL (widgets/table/list-url-state.ts
 * readListState), which checks it against the table's sorts, page sizes, search and filters.
 */
function readKeys(node: WidgetNode): readonly string[] {
  return [...NODE_KEYS, ...(contractOf(node.widget)?.reads ?? [])];
}

/** Of a table's columns and filters, what its URL state reads: the sort names, each filter's name, type and options. */
function tableReadKeys(node: WidgetNode): Partial<WidgetNode> {
  if (node.widget !== 'table') return {};
  const columns = Array.isArray(node.columns)
    ? (node.columns as Array<{ sort?: string }>).flatMap((column) => (column.sort ? [{ sort: column.sort }] : []))
    : [];
  const filters = Array.isArray(node.filters)
    ? (node.filters as Array<{ filter: string; type: string; options?: Array<{ value: string }> }>).map(({ filter, type, options }) =>
        options ? { filter, type, options: options.map(({ value }) => ({ value })) } : { filter, type },
      )
    : [];
  return { ...(columns.length ? { columns } : {}), ...(filters.length ? { filters } : {}) };
}

function prune(nodes: readonly WidgetNode[], namespaces: ReadonlyMap<object, string>): WidgetNode[] {
  return nodes.flatMap((node) => {
    const children = prune(
      [
        ...(Array.isArray(node.children) ? (node.children as WidgetNode[]) : []),
        ...((Array.isArray(node.tabs) ? (node.tabs[0] as { children?: WidgetNode[] } | undefined)?.children : undefined) ?? []),
      ],
      namespaces,
    );
    const keys = readKeys(node);
    if (!keys.some((key) => !NODE_KEYS.includes(key as never) && node[key] !== undefined) && children.length === 0) return [];
    const kept = Object.fromEntries(keys.filter((key) => node[key] !== undefined).map((key) => [key, node[key]])) as WidgetNode;
    const namespace = namespaces.get(node);
    Object.assign(kept, tableReadKeys(node), namespace ? { [NAMESPACE_KEY]: namespace } : {});
    return [children.length ? { ...kept, children } : kept];
  });
}

/**
 * A screen's body pruned to the nodes that read data, with what their first read needs, and the
 * containers on the way to them (children; of tabs the first tab's). The screen manifest carries
 * it (build/screens-plugin.ts), so a route loader starts a screen's reads without waiting for the
 * screen's definition chunk: the reads then wait for /self only. Build time only (it reads the
 * widgets' contracts). A table of a screen with several
 * keeps its URL namespace (widgets/table/list-namespaces.ts), counted over the whole body.
 */
export function firstReads(nodes: readonly WidgetNode[]): WidgetNode[] {
  return prune(nodes, listNamespaces(nodes));
}
