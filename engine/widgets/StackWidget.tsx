import { Group, Paper, Stack } from '@mantine/core';
import type { WidgetNode } from '../definitions/types.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { WidgetTree } from '../screens/WidgetTree.tsx';

export default function StackWidget({ node }: WidgetProps) {
  const children = <WidgetTree nodes={node.children as WidgetNode[]} />;
  const content = node.direction === 'row' ? <Group align="stretch" grow wrap="wrap">{children}</Group> : <Stack gap="md">{children}</Stack>;
  return node.card ? <Paper withBorder p="md" radius="md">{content}</Paper> : content;
}
