import type { WidgetNode } from '../definitions/types.ts';
import { contractOf } from '../registry/widget-contracts.ts';

/** What of any node its route loader needs: which widget it is and whether it shows. */
const NODE_KEYS = ['widget', 'when'] as const;

/**
 * What of a node its route loader needs to start the node's first read: the props its widget's
 * contract names as `reads` (a table's source, page sizes and sort: widgets/table/list-params.ts
 * initialUiState), none for a widget that reads nothing.
 */
function readKeys(node: WidgetNode): readonly string[] {
  return [...NODE_KEYS, ...(contractOf(node.widget)?.reads ?? [])];
}

/**
 * A screen's body pruned to the nodes that read data, with what their first read needs, and the
 * containers on the way to them (children; of tabs the first tab's). The screen manifest carries
 * it (build/screens-plugin.ts), so a route loader starts a screen's reads without waiting for the
 * screen's definition chunk: the reads then wait for /self only. Build time only (it reads the
 * widgets' contracts).
 */
export function firstReads(nodes: readonly WidgetNode[]): WidgetNode[] {
  return nodes.flatMap((node) => {
    const children = firstReads([
      ...(Array.isArray(node.children) ? (node.children as WidgetNode[]) : []),
      ...((Array.isArray(node.tabs) ? (node.tabs[0] as { children?: WidgetNode[] } | undefined)?.children : undefined) ?? []),
    ]);
    const keys = readKeys(node);
    if (!keys.some((key) => !NODE_KEYS.includes(key as never) && node[key] !== undefined) && children.length === 0) return [];
    const kept = Object.fromEntries(keys.filter((key) => node[key] !== undefined).map((key) => [key, node[key]])) as WidgetNode;
    return [children.length ? { ...kept, children } : kept];
  });
}
