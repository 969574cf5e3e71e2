import { use } from 'react';
import { pluginRegistry, pluginsRegistered } from '../registry/plugins.ts';
import { contractProps, type WidgetProps } from '../registry/widget-contract.ts';
import type { PluginProps } from './PluginWidget.contract.ts';

export default function PluginWidget({ node }: WidgetProps) {
  use(pluginsRegistered());
  const { name } = contractProps<PluginProps>(node);
  const Plugin = pluginRegistry[name];
  if (!Plugin) throw new Error(`Plugin ${name} is not registered`);
  return <Plugin />;
}
