import type { Action, Subject } from '../../domain/policy.ts';
import type { UserType } from '../session/types.ts';

/**
 * Screen definitions as schemas/screen.schema.json describes them. A definition is data:
 * the engine renders it; widgets, formatters and actions are named from registries.
 */
export interface GuardDefinition {
  /** Reachable without signing in (sign-in screens, landing, not-found). */
  public?: boolean;
  userTypes?: UserType[];
  /** Any of these roles is required (compared lowercased). */
  roles?: string[];
  forbiddenRoles?: string[];
  /** Every flag must pass (with the spec §5 twin rule). */
  flags?: string[];
  forbiddenFlags?: string[];
  can?: [Action, Subject];
  requiresCustomer?: boolean;
  requiresMerchant?: boolean;
}

export type Layout = 'shell' | 'public' | 'bare';

/** `{ "can": ["create", "Payment"], "when": { "customer.isActive": true } }` on any node. */
export interface Conditional {
  can?: [Action, Subject];
  /** A MongoDB-style query (CASL's ucast syntax) over the binding context. */
  when?: Record<string, unknown>;
}

export interface WidgetNode extends Conditional {
  widget: string;
  id?: string;
  [property: string]: unknown;
}

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

/** What the router needs before a screen's chunk loads. */
export type ScreenRoute = Pick<ScreenDefinition, 'id' | 'path' | 'title' | 'guard' | 'layout'>;

export interface ActionDefinition extends Conditional {
  label?: string;
  do: string;
  [property: string]: unknown;
}

export interface MenuEntry extends Conditional {
  id: string;
  label: string;
  path: string;
  icon?: string;
  /** The entry shows only when the route's guard would let the user in. */
  screen?: string;
  flags?: string[];
}

export type MenuDefinitions = Record<'customer' | 'corporate' | 'merchant' | 'dealer', MenuEntry[]>;
