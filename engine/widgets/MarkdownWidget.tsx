import { Alert, Anchor, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from '../routing/Link.tsx';
import { resolveAll } from '../definitions/bindings.ts';
import { useText } from '../i18n/use-text.ts';
import { contractProps, type WidgetProps } from '../registry/widget-contract.ts';
import type { MarkdownProps } from './MarkdownWidget.contract.ts';
import { usePortalPath } from '../routing/navigation.ts';
import { useScreen } from '../screens/screen-context.tsx';

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

/**
 * A translated text with paragraphs and internal links ([label](/path)) only: no HTML is
 * ever injected, so translations cannot carry script.
 */
export function renderInline(text: string, portalPath: (path: string) => string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <Anchor key={match.index} component={Link} to={portalPath(match[2]!)}>
        {match[1]}
      </Anchor>,
    );
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

export default function MarkdownWidget({ node }: WidgetProps) {
  const { text: key, values, tone } = contractProps<MarkdownProps>(node);
  const { t } = useText();
  const { bindings } = useScreen();
  const portalPath = usePortalPath();
  const text = t(key, resolveAll(values, bindings));
  const body = text.split(/\n{2,}/).map((paragraph, index) => (
    <Text key={index} mb="xs">
      {renderInline(paragraph, portalPath).map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </Text>
  ));
  if (tone === 'warning')
    return (
      <Alert color="yellow" role="alert">
        {body}
      </Alert>
    );
  if (tone === 'info')
    return (
      <Alert color="blue" role="note">
        {body}
      </Alert>
    );
  // A notice of something done (a password changed), announced politely.
  if (tone === 'success')
    return (
      <Alert color="green" role="status">
        {body}
      </Alert>
    );
  return <div>{body}</div>;
}
