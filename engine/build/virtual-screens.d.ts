declare module 'virtual:portal-screens' {
  import type { ScreenDefinition, ScreenRoute } from '../definitions/types.ts';
  export const routes: ScreenRoute[];
  /** The screens outside the signed-in frame; the frame's are in virtual:portal-shell-loaders. */
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

declare module 'virtual:portal-screen-guards' {
  /** Screen id → its guard (spec §5), every screen's; imported by the signed-in frame's chunk. */
  export const guards: Record<string, import('../definitions/types.ts').ScreenDefinition['guard']>;
  /** Screen id → the namespaces it waits for (i18n/screen-texts.ts), for the signed-in frame's screens. */
  export const frameTexts: Record<string, readonly string[]>;
}

declare module 'virtual:portal-shell-loaders' {
  /** Screen id → its definition chunk, for the screens of the signed-in frame. */
  export const shellLoaders: Record<string, () => Promise<import('../definitions/types.ts').ScreenDefinition>>;
}
