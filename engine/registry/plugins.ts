import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyChunk } from '../runtime/chunk-timeout.ts';

import type { PluginProps } from '../widgets/PluginWidget.contract.ts';

/** The three flows too rich for plain definitions (DESIGN.md); each registers under its name (the plugin widget's contract lists them). */
export type PluginName = PluginProps['name'];

// Plugins land with their issues; a definition naming one that is not registered yet fails loudly.
export const pluginRegistry: Partial<Record<PluginName, LazyExoticComponent<ComponentType>>> = {};

export function registerPlugin(name: PluginName, load: () => Promise<{ default: ComponentType }>): void {
  pluginRegistry[name] = lazyChunk(load);
}

let pluginSource: (() => Promise<unknown>) | undefined;
let registered: Promise<unknown> | undefined;

/**
 * The composition root names the module that registers the plugins (app/main.tsx). It loads
 * with the first screen that mounts a plugin, not with the entry: the list of each plugin's
 * chunks to preload would otherwise weigh on every page, the sign-in pages too (the /login budget).
 */
export function setPluginSource(load: () => Promise<unknown>): void {
  pluginSource = load;
  registered = undefined;
}

/** Resolves once the plugins are registered (at once when no source was set, e.g. in unit tests). */
export function pluginsRegistered(): Promise<unknown> {
  registered ??= pluginSource ? pluginSource() : Promise.resolve();
  return registered;
}
