/**
 * What the definition check holds against the contract: every definition file of the tree, as
 * parsed JSON (their schemas are checked first, so the rules may read them by their shape).
 */
import type { MenuDefinitions, ScreenDefinition } from '../../engine/definitions/types.ts';
import type { JsonSchema } from './openapi.ts';

export interface DefinitionFile<T> {
  file: string;
  definition: T;
}

export interface FormDefinition {
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
}

export interface TenantDefinition {
  id: string;
  flags?: Record<string, boolean>;
  overrides?: { screens?: Record<string, unknown>; permissions?: Record<string, unknown> };
}

export interface DefinitionSet {
  /** As written: a node may `$use` a part (common/definition-parts.ts); the check resolves them. */
  screens: Array<DefinitionFile<ScreenDefinition>>;
  /** screens/parts/*.json by name: the nodes screens share. */
  parts: Map<string, DefinitionFile<unknown>>;
  /** By form name (the file name without `.json`). */
  forms: Map<string, DefinitionFile<FormDefinition>>;
  menus: DefinitionFile<MenuDefinitions>;
  policy: DefinitionFile<unknown>;
  tenants: Array<DefinitionFile<TenantDefinition>>;
}
