import { Suspense } from 'react';
import { Loader } from '@mantine/core';
import { isVisible } from '../../domain/visibility.ts';
import type { WidgetNode } from '../definitions/types.ts';
import { usePortalAbility } from '../policy/AbilityProvider.tsx';
import type { WidgetName } from '../registry/names.ts';
import { widgetRegistry } from '../registry/widgets.ts';
import { HydrationRegion } from '../session/HydrationRegion.tsx';
import { useScreen } from './screen-context.tsx';

/** Renders definition nodes through the widget registry, skipping those the user may not see. */
export function WidgetTree({ nodes }: { nodes: readonly WidgetNode[] }) {
  const ability = usePortalAbility();
  const { bindings } = useScreen();
  return (
    <>
      {nodes.map((node, index) => {
        if (!isVisible(node, ability, bindings)) return null;
        const Widget = widgetRegistry[node.widget as WidgetName];
        if (!Widget) throw new Error(`Unknown widget ${node.widget}`);
        return (
          <Suspense key={node.id ?? `${node.widget}-${index}`} fallback={<Loader size="sm" aria-hidden />}>
            <HydrationRegion>
              <Widget node={node} />
            </HydrationRegion>
          </Suspense>
        );
      })}
    </>
  );
}
