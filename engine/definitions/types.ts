import type { Conditional } from '../../domain/visibility.ts';
import type { MenuDefinitions, MenuEntry } from '../../domain/menus.ts';
import type { GuardDefinition } from '../../domain/route-guards.ts';

export type { Conditional, GuardDefinition, MenuDefinitions, MenuEntry };

export type Layout = 'shell' | 'public' | 'bare';

export interface WidgetNode extends Conditional {
  widget: string;
  id?: string;
  [property: string]: unknown;
}

/**
 * Screen definitions as schemas/screen.schema.json describes them. A definition is data:
 * the engine renders it; widgets, formatters and actions are named from registries.
 */
export interface ScreenDefinition {
  id: string;
  path: string;
  title: string;
  guard: GuardDefinition;
  layout: Layout;
  /** Unsaved changes on this screen are guarded when leaving or switching customer/merchant. */
  guardsUnsavedChanges?: boolean;
  body: WidgetNode[];
}

/**
 * What the router needs before a screen's chunk loads (the title comes with the definition:
 * every page's manifest is in the entry, so it holds nothing the router does not use).
 */
/**
 * What the router knows of a screen up front (`virtual:portal-screens`). Only the screens outside
 * the signed-in frame carry their guard there; the frame's guards come with its chunk
 * (`virtual:portal-screen-guards`), so the sign-in pages do not load them.
 */
export type ScreenRoute = Pick<ScreenDefinition, 'id' | 'path' | 'layout'> & { guard?: ScreenDefinition['guard'] };

export interface ActionDefinition extends Conditional {
  label?: string;
  do: string;
  [property: string]: unknown;
}
