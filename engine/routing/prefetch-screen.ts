/**
 * What a route loader starts for a screen before it renders (issue 11: data never waits behind
 * code): the first page of each table and every other widget source, with the SAME query keys
 * the widgets read (widgets/table/list-query.ts, data/use-resource.ts sourceQuery), and the
 * chunks the screen will render with (the signed-in frame, its widgets). The reads come from the
 * screen manifest (routing/first-reads.ts), so they wait for the session only, not for a chunk.
 */
import { pageLanguage } from '../session/server-render.ts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { screenReads as manifestReads } from 'virtual:portal-screen-reads';
import { conditionHolds } from '../../common/conditions.ts';
import { headerLocationsQuery } from '../data/customer-locations.ts';
import { markLoaderRead } from '../data/queries.ts';
import { sourceQuery, type SourceDefinition } from '../data/use-resource.ts';
import { chosenQueryValue, lookup, type BindingContext } from '../definitions/bindings.ts';
import type { ScreenRoute, WidgetNode } from '../definitions/types.ts';
import type { WidgetName } from '../registry/names.ts';
import { contractProps } from '../registry/widget-contract.ts';
import { widgetModules } from '../registry/widgets.ts';
import { loadScreen } from '../screens/load-screen.ts';
import { screenBindings, type ScreenLocation } from '../screens/screen-bindings.ts';
import type { SessionState } from '../session/types.ts';
import { listNamespaces, namespaceOf } from '../widgets/table/list-namespaces.ts';
import { listQuery } from '../widgets/table/list-query.ts';
import { readListState } from '../widgets/table/list-url-state.ts';
import type { TableNode } from '../widgets/table/types.ts';

const BINDING = /\{([A-Za-z_][\w.]*)\}/g;

/** Every binding path a value reads ("{customer.buidCustomer}" → customer.buidCustomer). */
function bindingPaths(value: unknown): string[] {
  return [...JSON.stringify(value ?? null).matchAll(BINDING)].map((match) => match[1]!);
}

/**
 * True when every binding the source sends is known: a source read with a value the session
 * does not hold yet (the boot's view of it, session/boot-view.ts) would be another request than
 * the widget's, so it is left to the widget. A conditional parameter counts by the branch that is
 * sent (chosenQueryValue): the dispute centre's merchant filter, sent to merchants only, does not
 * keep a customer's read from starting.
 */
export function resolvable(source: SourceDefinition, bindings: BindingContext): boolean {
  const sent = (values: Record<string, unknown> | undefined) =>
    Object.values(values ?? {}).map((value) => chosenQueryValue(value, bindings));
  const read = { ...source, filter: sent(source.filter), params: sent(source.params) };
  return bindingPaths(read).every((path) => KNOWN_FROM_URL.test(path) || known(bindings, path));
}

/**
 * Bindings whose null is a choice, not a gap: a dealer who has chosen no merchant sees all of
 * them, and the merchant's screens read without the merchant filter (the widget sends the same
 * read). A customer's null is a choice still to make (the customer picker): never read without it.
 */
const NULL_MEANS_ALL = new Set(['merchant']);

/** Whether the session holds a path's value (session/boot-view.ts leaves what it has not read undefined). */
function known(bindings: BindingContext, path: string): boolean {
  const [root = ''] = path.split('.');
  if (NULL_MEANS_ALL.has(root) && lookup(bindings, root) === null) return true;
  return lookup(bindings, path) !== undefined;
}

/** The URL is whole when a loader runs: a route or query parameter it lacks is absent, not pending. */
const KNOWN_FROM_URL = /^(route|query)\./;

/**
 * The widget nodes a screen shows first: the body's nodes and their children, but of tabs only
 * the first tab's, and none whose `when` does not hold (`can` is the server's to check: the
 * policy has not loaded yet at boot, and a refused read is only a wasted one).
 */
export function firstNodes(nodes: readonly WidgetNode[], bindings: BindingContext): WidgetNode[] {
  const shown: WidgetNode[] = [];
  const visit = (list: readonly WidgetNode[]) => {
    for (const node of list) {
      if (node.when && !conditionHolds(node.when as Record<string, unknown>, bindings)) continue;
      shown.push(node);
      if (Array.isArray(node.children)) visit(node.children as WidgetNode[]);
      const firstTab = Array.isArray(node.tabs) ? (node.tabs[0] as { children?: WidgetNode[] } | undefined) : undefined;
      if (firstTab?.children) visit(firstTab.children);
    }
  };
  visit(nodes);
  return shown;
}

/** A read a screen's first render makes: its key (the widget's own) and how to start it. */
export interface ScreenRead {
  queryKey: QueryKey;
  prefetch(client: QueryClient): Promise<void>;
}

// The widget that reads it first takes the loader's answer as it is (data/queries.ts markLoaderRead).
const read = <Q extends { queryKey: QueryKey }>(query: Q, prefetch: (client: QueryClient, query: Q) => Promise<void>): ScreenRead => ({
  queryKey: query.queryKey,
  prefetch: (client) => {
    const started = prefetch(client, query);
    markLoaderRead(client, query.queryKey);
    return started;
  },
});

/**
 * The reads a screen's first render makes: each table's page in the state the URL's query gives
 * it (widgets/table/list-url-state.ts: a link to page 3 sorted by amount asks for exactly that
 * page), every other source.
 */
export function screenReads(nodes: readonly WidgetNode[], bindings: BindingContext, locale: string): ScreenRead[] {
  const namespaces = listNamespaces(nodes);
  return firstNodes(nodes, bindings).flatMap((node) => {
    const source = node.source as SourceDefinition | undefined;
    if (!source?.resource || !resolvable(source, bindings)) return [];
    if (node.widget === 'table') {
      const table = contractProps<TableNode>(node);
      const state = readListState(table, bindings.query, namespaceOf(node, namespaces));
      return [read(listQuery(table, state, bindings, locale), (client, query) => client.prefetchQuery(query))];
    }
    return [read(sourceQuery(source, bindings), (client, query) => client.prefetchQuery(query))];
  });
}

/**
 * Starts a screen's reads, then its chunks (the reads first: nothing else should be asked between
 * what they wait for and them). Resolves once the reads are on their way; the chunks follow the
 * definition.
 */
export async function prefetchScreen(
  client: QueryClient,
  route: ScreenRoute,
  session: SessionState,
  location: Omit<ScreenLocation, 'selection'>,
): Promise<void> {
  const overrides = session.config?.overrides.screens;
  // The selection travels in the router's state, which a loader does not see: unknown.
  const bindings = screenBindings(session, { ...location, selection: undefined as never });
  const locale = pageLanguage();
  // A tenant's override may change the reads: then they come from the patched definition.
  if (!overrides?.[route.id])
    for (const screenRead of screenReads(manifestReads[route.id] ?? [], bindings, locale)) void screenRead.prefetch(client);
  if (route.layout === 'shell') {
    // The frame's own read beside the screen's: the header's location switcher renders with the page.
    const locations = headerLocationsQuery(session.userType, session.selectedCustomer?.buidCustomer ?? null);
    if (locations.enabled) void client.prefetchQuery(locations);
    void import('../shell/Shell.tsx').catch(() => undefined);
  }
  const definition = await loadScreen(route.id, overrides);
  if (overrides?.[route.id]) for (const screenRead of screenReads(definition.body, bindings, locale)) void screenRead.prefetch(client);
  for (const node of firstNodes(definition.body, bindings)) void widgetModules[node.widget as WidgetName]?.().catch(() => undefined);
}
