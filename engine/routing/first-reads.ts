import type { WidgetNode } from '../definitions/types.ts';

/** What of a node its route loader needs to start the node's first read (widgets/table/list-params.ts initialUiState). */
const READ_KEYS = ['widget', 'when', 'source', 'pageSizes', 'defaultPageSize', 'defaultSort'] as const;

/**
 * A screen's body pruned to the nodes that read data, with what their first read needs, and the
 * containers on the way to them (children; of tabs the first tab's). The screen manifest carries
 * it (build/screens-plugin.ts), so a route loader starts a screen's reads without waiting for the
 * screen's definition chunk: the reads then wait for /self only.
 */
export function firstReads(nodes: readonly WidgetNode[]): WidgetNode[] {
  return nodes.flatMap((node) => {
    const children = firstReads([
      ...(Array.isArray(node.children) ? node.children as WidgetNode[] : []),
      ...((Array.isArray(node.tabs) ? (node.tabs[0] as { children?: WidgetNode[] } | undefined)?.children : undefined) ?? []),
    ]);
    if (!node.source && children.length === 0) return [];
    const kept = Object.fromEntries(READ_KEYS.filter((key) => node[key] !== undefined).map((key) => [key, node[key]])) as WidgetNode;
    return [children.length ? { ...kept, children } : kept];
  });
}
