import { Group, Paper, Stack } from '@mantine/core';
import type { WidgetNode } from '../definitions/types.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { WidgetTree } from '../screens/WidgetTree.tsx';

export default function StackWidget({ node }: WidgetProps) {
  const children = <WidgetTree nodes={node.children as WidgetNode[]} />;
  // The node's id names its element, as every widget's does (tests and tenant styling find it).
  const id = node.card ? undefined : node.id;
  const content =
    node.direction === 'row' ? (
      <Group align="stretch" grow wrap="wrap" data-widget-id={id}>
        {children}
      </Group>
    ) : (
      <Stack gap="md" data-widget-id={id}>
        {children}
      </Stack>
    );
  return node.card ? (
    <Paper withBorder p="md" radius="md" data-widget-id={node.id}>
      {content}
    </Paper>
  ) : (
    content
  );
}
