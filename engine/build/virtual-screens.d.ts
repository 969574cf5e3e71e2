declare module 'virtual:portal-screens' {
  import type { ScreenDefinition, ScreenRoute } from '../definitions/types.ts';
  export const routes: ScreenRoute[];
  export const loaders: Record<string, () => Promise<ScreenDefinition>>;
  /** Screen id → the locale namespaces its definition names (keys "namespace.path"); screens outside the signed-in frame only. */
  export const textNamespaces: Record<string, string[]>;
}

declare module 'virtual:portal-screen-reads' {
  /** Screen id → its body pruned to the nodes that read data (routing/first-reads.ts); absent when it reads none. */
  export const screenReads: Record<string, import('../definitions/types.ts').WidgetNode[]>;
}

declare module 'virtual:portal-screen-validator' {
  export const validateScreen: ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };
}
