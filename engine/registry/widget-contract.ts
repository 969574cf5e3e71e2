import type { ComponentType } from 'react';
import type { WidgetNode } from '../definitions/types.ts';

/**
 * Every widget receives its definition node; it reads the binding context, ability,
 * translations and action runner through hooks (engine/screens/screen-context.tsx).
 */
export interface WidgetProps<N extends WidgetNode = WidgetNode> {
  node: N;
}

export type WidgetComponent = ComponentType<WidgetProps>;

/**
 * A node as its widget's contract types it (widgets/<Name>Widget.contract.ts WidgetPropsOf): the
 * screen schema, built from that same contract, validated the node before any widget sees it.
 */
export function contractProps<P>(node: WidgetNode): P {
  return node as unknown as P;
}
