import { Badge, Group, Tabs } from '@mantine/core';
import { useLocation } from 'react-router';
import { useResource, type SourceDefinition } from '../data/use-resource.ts';
import { resolveBinding } from '../definitions/bindings.ts';
import type { WidgetNode } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import { contractProps, type WidgetProps } from '../registry/widget-contract.ts';
import type { TabsProps } from './TabsWidget.contract.ts';
import { usePortalNavigate, usePortalPath } from '../routing/navigation.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { WidgetTree } from '../screens/WidgetTree.tsx';

/** A tab as the tabs contract (TabsWidget.contract.ts) declares it: `count` is a field path into the tabs' `source` record. */
type TabDefinition = TabsProps['tabs'][number];

function fieldAt(record: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The routed tab the location shows: its path, and every query parameter the tab names with the
 * same value; of several, the one naming most ("?status=open" over the bare "All"). Other
 * parameters (a table's page and sort, widgets/table/list-url-state.ts) do not matter.
 */
function currentTab(values: string[], portalPath: (path: string) => string, location: { pathname: string; search: string }): string | null {
  const here = new URLSearchParams(location.search);
  let best: { value: string; named: number } | null = null;
  for (const value of values) {
    const [path = '', query = ''] = portalPath(value).split('?');
    const named = [...new URLSearchParams(query)];
    if (decoded(path) !== decoded(location.pathname) || !named.every(([key, wanted]) => here.get(key) === wanted)) continue;
    if (!best || named.length > best.named) best = { value, named: named.length };
  }
  return best?.value ?? null;
}

/**
 * Tabs that either switch routes (`to`, e.g. one per invoice status, or one per query string:
 * "/dispute-center?status=open") or show nested widgets. With a `source`, each tab's `count`
 * shows as a badge (the dispute centre's counts per status); a failed count shows none.
 */
export default function TabsWidget({ node }: WidgetProps) {
  return node.source ? <CountedTabs node={node} /> : <TabsView node={node} counts={undefined} />;
}

function CountedTabs({ node }: WidgetProps) {
  const { data } = useResource<Record<string, unknown>>({ ...(node.source as SourceDefinition), single: true });
  return <TabsView node={node} counts={data} />;
}

function TabsView({ node, counts }: { node: WidgetNode; counts: Record<string, unknown> | undefined }) {
  const { t } = useText();
  const { bindings } = useScreen();
  const location = useLocation();
  const navigate = usePortalNavigate();
  const portalPath = usePortalPath();
  const tabs = contractProps<TabsProps>(node).tabs.map((tab, index) => ({
    ...tab,
    value: tab.to ? String(resolveBinding(tab.to, bindings)) : String(index),
  }));
  const routed = tabs.every((tab) => tab.to);
  const current = routed
    ? currentTab(
        tabs.map((tab) => tab.value),
        portalPath,
        location,
      )
    : undefined;
  const countOf = (tab: TabDefinition) => (tab.count && counts ? fieldAt(counts, tab.count) : undefined);
  return (
    <Tabs
      {...(routed
        ? {
            value: current,
            onChange: (value: string | null) => {
              if (value) navigate(value);
            },
          }
        : { defaultValue: '0' })}
      keepMounted={false}
    >
      <Tabs.List>
        {tabs.map((tab) => {
          const count = countOf(tab);
          return (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {typeof count === 'number' ? (
                <Group gap={6} wrap="nowrap">
                  {t(tab.label)}
                  <Badge size="sm" variant="light" data-count={count}>
                    {count}
                  </Badge>
                </Group>
              ) : (
                t(tab.label)
              )}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {!routed &&
        tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            <WidgetTree nodes={tab.children ?? []} />
          </Tabs.Panel>
        ))}
    </Tabs>
  );
}
