import { Title } from '@mantine/core';
import { contractProps, type WidgetProps } from '../registry/widget-contract.ts';
import type { HeadingProps } from './HeadingWidget.contract.ts';
import { useText } from '../i18n/use-text.ts';
import { resolveAll } from '../definitions/bindings.ts';
import { useScreen } from '../screens/screen-context.tsx';

export default function HeadingWidget({ node }: WidgetProps) {
  const { t } = useText();
  const { bindings } = useScreen();
  const { text, level = 1, values } = contractProps<HeadingProps>(node);
  return <Title order={level}>{t(text, resolveAll(values, bindings))}</Title>;
}
