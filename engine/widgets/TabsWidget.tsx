import { Tabs } from '@mantine/core';
import { useLocation } from 'react-router';
import { resolveBinding } from '../definitions/bindings.ts';
import type { WidgetNode } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { usePortalNavigate, usePortalPath } from '../routing/navigation.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { WidgetTree } from '../screens/WidgetTree.tsx';

interface TabDefinition { label: string; to?: string; children?: WidgetNode[] }

/** Tabs that either switch routes (`to`, e.g. one per invoice status) or show nested widgets. */
export default function TabsWidget({ node }: WidgetProps) {
  const { t } = useText();
  const { bindings } = useScreen();
  const location = useLocation();
  const navigate = usePortalNavigate();
  const portalPath = usePortalPath();
  const tabs = (node.tabs as TabDefinition[]).map((tab, index) => ({ ...tab, value: tab.to ? String(resolveBinding(tab.to, bindings)) : String(index) }));
  const routed = tabs.every((tab) => tab.to);
  const current = routed ? tabs.find((tab) => portalPath(tab.value) === decodeURI(location.pathname))?.value ?? null : undefined;
  return (
    <Tabs {...(routed ? { value: current, onChange: (value: string | null) => { if (value) navigate(value); } } : { defaultValue: '0' })} keepMounted={false}>
      <Tabs.List>
        {tabs.map((tab) => <Tabs.Tab key={tab.value} value={tab.value}>{t(tab.label)}</Tabs.Tab>)}
      </Tabs.List>
      {!routed && tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md"><WidgetTree nodes={tab.children ?? []} /></Tabs.Panel>
      ))}
    </Tabs>
  );
}
