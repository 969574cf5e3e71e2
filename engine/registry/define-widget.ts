/**
 * A widget's contract, declared once beside the widget (widgets/<Name>Widget.contract.ts): its
 * props schema, the props a route loader needs for its first read, and from those its props type,
 * the text properties it translates and its part of the screen schema (registry/screen-schema.ts).
 * Unknown properties are refused: a widget allows only its own props and the ones every node has.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Conditional } from '../../domain/visibility.ts';
import type { typingParts } from './schema-parts.ts';

export interface WidgetContract {
  name: string;
  /** Each prop's JSON Schema; shared parts through `ref()` (registry/schema-parts.ts). */
  props: Readonly<Record<string, JSONSchema>>;
  required?: readonly string[];
  /** Further keywords of the widget's schema block (a oneOf between props, a rule per `kind`). */
  rules?: Readonly<Record<string, unknown>>;
  /** The props its first read needs (routing/first-reads.ts: the route loader starts the read before the screen's chunk loads). */
  reads: readonly string[];
}

/** Props every node has, whatever its widget. */
export const NODE_PROPS = ['widget', 'id', 'can', 'when'] as const;

export function defineWidget<const C extends WidgetContract>(contract: C): C {
  return contract;
}

type PropsSchema<C extends WidgetContract> = {
  type: 'object';
  properties: C['props'];
  required: C['required'] extends readonly string[] ? C['required'] : [];
  additionalProperties: false;
};

/** A widget's node as its definition holds it, derived from the contract (not written again). */
export type WidgetPropsOf<C extends WidgetContract> = FromSchema<PropsSchema<C>, { references: [typeof typingParts] }> &
  Conditional & {
    widget: C['name'];
    id?: string;
  };

const TEXT_KEY = 'parts#/definitions/textKey';

/** Whether a prop's schema is a text key (directly, or through allOf). */
function isTextKey(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const { $ref, allOf } = schema as { $ref?: string; allOf?: unknown[] };
  return $ref === TEXT_KEY || (Array.isArray(allOf) && allOf.some(isTextKey));
}

/**
 * The properties a widget translates, as dotted paths through its props (`columns.label`: the
 * label of each column): every prop its schema types as a text key.
 */
export function textProperties(contract: Pick<WidgetContract, 'props'>): string[] {
  const found: string[] = [];
  const visit = (schema: unknown, path: string) => {
    if (!schema || typeof schema !== 'object') return;
    if (isTextKey(schema)) {
      found.push(path);
      return;
    }
    const { properties, items, allOf } = schema as { properties?: Record<string, unknown>; items?: unknown; allOf?: unknown[] };
    for (const [name, inner] of Object.entries(properties ?? {})) visit(inner, path ? `${path}.${name}` : name);
    if (items && !Array.isArray(items)) visit(items, path);
    for (const inner of allOf ?? []) visit(inner, path);
  };
  for (const [name, schema] of Object.entries(contract.props)) visit(schema, name);
  return found;
}
