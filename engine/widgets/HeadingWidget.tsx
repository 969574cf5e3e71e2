import { Title } from '@mantine/core';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { useText } from '../i18n/use-text.ts';
import { resolveAll } from '../definitions/bindings.ts';
import { useScreen } from '../screens/screen-context.tsx';

export default function HeadingWidget({ node }: WidgetProps) {
  const { t } = useText();
  const { bindings } = useScreen();
  const level = (node.level as 1 | 2 | 3 | undefined) ?? 1;
  return <Title order={level}>{t(String(node.text), resolveAll(node.values as Record<string, unknown> | undefined, bindings))}</Title>;
}
