import { use } from 'react';
import { pluginRegistry, pluginsRegistered, type PluginName } from '../registry/plugins.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';

export default function PluginWidget({ node }: WidgetProps) {
  use(pluginsRegistered());
  const Plugin = pluginRegistry[node.name as PluginName];
  if (!Plugin) throw new Error(`Plugin ${String(node.name)} is not registered`);
  return <Plugin />;
}
