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
