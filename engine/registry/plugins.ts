import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The three flows too rich for plain definitions (DESIGN.md); each registers under its name. */
export type PluginName = 'payment-flow' | 'dispute-wizard' | 'rejection-centre';

// Plugins land with their issues; a definition naming one that is not registered yet fails loudly.
export const pluginRegistry: Partial<Record<PluginName, LazyExoticComponent<ComponentType>>> = {};

export function registerPlugin(name: PluginName, load: () => Promise<{ default: ComponentType }>): void {
  pluginRegistry[name] = lazy(load);
}
