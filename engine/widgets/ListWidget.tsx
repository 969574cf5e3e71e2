import { useId, type ReactNode } from 'react';
import { Anchor, Badge, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '../routing/Link.tsx';
import { lookup } from '../definitions/bindings.ts';
import { ApiRequestError } from '../data/api-client.ts';
import { useResource } from '../data/use-resource.ts';
import { useFormatter } from '../format/use-formatter.ts';
import { useText, type Translate } from '../i18n/use-text.ts';
import { contractProps, type WidgetProps } from '../registry/widget-contract.ts';
import type { ListProps } from './ListWidget.contract.ts';
import { useCanOpen } from '../routing/link-access.ts';
import { usePortalPath } from '../routing/navigation.ts';
import { DataState } from './DataState.tsx';
import { selectableTest } from './table/selectable.ts';

/** The definition of a list, as its contract (ListWidget.contract.ts) declares it. */
export type ListNode = ListProps;

type Row = Record<string, unknown>;
interface Resource {
  id: string;
  attributes: Row;
}

/** Internal paths stay in the portal; http(s) URLs open in a new tab; anything else is not a link. */
type Target = { kind: 'internal'; path: string } | { kind: 'external'; href: string } | null;
export function linkTarget(url: unknown): Target {
  if (typeof url !== 'string' || url === '') return null;
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'internal', path: url };
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? { kind: 'external', href: parsed.href } : null;
  } catch {
    return null;
  }
}

const asRows = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((item): item is Row => !!item && typeof item === 'object') : [];

/**
 * Records as a list of cards, each with a title, a date, a body, links and attachments
 * (e.g. notifications). Highlighted records carry a visible badge that screen readers read
 * with the title, and a coloured edge.
 * { "widget": "list", "source": { "resource": "/ecaas/notifications" }, "title": "text_title", "body": "text_body" }
 */
export default function ListWidget({ node }: WidgetProps) {
  const definition = contractProps<ListNode>(node);
  const { t } = useText();
  const { data, loading, error } = useResource<Resource[]>(definition.source);
  const shownError = error && definition.failure ? new ApiRequestError(error.status, definition.failure, []) : error;
  const rows = (data ?? []).map((item) => ({ id: item.id, record: item.attributes }));
  return (
    <DataState loading={loading} error={shownError}>
      {rows.length === 0 && definition.empty ? (
        <Text c="dimmed">{t(definition.empty)}</Text>
      ) : (
        <Stack
          component="ol"
          gap="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={definition.label ? t(definition.label) : undefined}
          data-widget-id={node.id}
        >
          {rows.map((row) => (
            <ListItem key={row.id} id={row.id} record={row.record} definition={definition} t={t} />
          ))}
        </Stack>
      )}
    </DataState>
  );
}

function ListItem({ id, record, definition, t }: { id: string; record: Row; definition: ListNode; t: Translate }) {
  const formatValue = useFormatter();
  const titleId = useId();
  const highlighted = definition.highlight ? selectableTest(definition.highlight.when)(record) : false;
  const date = definition.date ? lookup(record, definition.date.field) : undefined;
  const body = definition.body ? lookup(record, definition.body) : undefined;
  return (
    <li data-record-id={id} data-highlighted={highlighted || undefined}>
      <Paper
        component="article"
        aria-labelledby={titleId}
        withBorder
        radius="md"
        p="md"
        style={highlighted ? { borderLeft: '4px solid var(--mantine-color-red-7)' } : undefined}
      >
        <Stack gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {String(lookup(record, definition.title) ?? '')}
            {highlighted && definition.highlight && (
              <Badge component="span" color="red" variant="filled" ml="sm" style={{ verticalAlign: 'middle' }}>
                {t(definition.highlight.label)}
              </Badge>
            )}
          </Title>
          {definition.date && typeof date === 'string' && (
            <Text size="sm" c="dimmed">
              {t(definition.date.label)}: <time dateTime={date}>{formatValue(definition.date.format ?? 'dateTime', date)}</time>
            </Text>
          )}
          {body !== undefined && body !== null && body !== '' && <Text style={{ whiteSpace: 'pre-line' }}>{String(body)}</Text>}
          {definition.links && <Links slot={definition.links} record={record} hint={definition.newTabHint} t={t} />}
          {definition.attachments && <Attachments slot={definition.attachments} record={record} hint={definition.newTabHint} t={t} />}
        </Stack>
      </Paper>
    </li>
  );
}

/** A labelled list under the record; renders nothing when the record has no entries. */
function Section({ label, children, t }: { label: string; children: ReactNode[]; t: Translate }) {
  const labelId = useId();
  if (children.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600} id={labelId}>
        {t(label)}
      </Text>
      <ul aria-labelledby={labelId} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {children}
      </ul>
    </div>
  );
}

function NewTabHint({ hint, t }: { hint: string | undefined; t: Translate }) {
  return hint ? <VisuallyHidden component="span"> ({t(hint)})</VisuallyHidden> : null;
}

function Links({ slot, record, hint, t }: { slot: NonNullable<ListNode['links']>; record: Row; hint: string | undefined; t: Translate }) {
  const portalPath = usePortalPath();
  const canOpen = useCanOpen();
  const items = asRows(lookup(record, slot.field)).map((link, index) => {
    const text = String(link[slot.text ?? 'label'] ?? link[slot.url ?? 'url'] ?? '');
    const linked = linkTarget(link[slot.url ?? 'url']);
    // A page of the portal this user may not open is not offered (issue 26 defect 3): its text alone.
    const target = linked?.kind === 'internal' && !canOpen(linked.path) ? null : linked;
    return (
      <li key={index}>
        {target?.kind === 'internal' && (
          <Anchor component={Link} to={portalPath(target.path)}>
            {text}
          </Anchor>
        )}
        {target?.kind === 'external' && (
          <Anchor href={target.href} target="_blank" rel="noopener noreferrer">
            {text}
            <span aria-hidden="true"> ↗</span>
            <NewTabHint hint={hint} t={t} />
          </Anchor>
        )}
        {!target && text}
      </li>
    );
  });
  return (
    <Section label={slot.label} t={t}>
      {items}
    </Section>
  );
}

function Attachments({
  slot,
  record,
  hint,
  t,
}: {
  slot: NonNullable<ListNode['attachments']>;
  record: Row;
  hint: string | undefined;
  t: Translate;
}) {
  const formatValue = useFormatter();
  const items = asRows(lookup(record, slot.field)).map((file, index) => {
    const name = String(file[slot.name ?? 'file_name'] ?? '');
    const bytes = file[slot.size ?? 'file_size'];
    const size = typeof bytes === 'number' ? formatValue('fileSize', bytes) : '';
    const target = linkTarget(file[slot.url ?? 'url']);
    const label = t(slot.download, { name, size });
    return (
      <li key={index}>
        {target?.kind === 'internal' && (
          <Anchor href={target.path} download={name}>
            <span aria-hidden="true">{name}</span>
            <VisuallyHidden component="span">{label}</VisuallyHidden>
          </Anchor>
        )}
        {target?.kind === 'external' && (
          // A cross-origin file ignores `download`: it opens in a new tab, never in place of the portal.
          <Anchor href={target.href} download={name} target="_blank" rel="noopener noreferrer">
            <span aria-hidden="true">{name}</span>
            <VisuallyHidden component="span">{label}</VisuallyHidden>
            <NewTabHint hint={hint} t={t} />
          </Anchor>
        )}
        {!target && name}
        {size && (
          <Text component="span" size="sm" c="dimmed" aria-hidden="true">
            {' '}
            ({size})
          </Text>
        )}
      </li>
    );
  });
  return (
    <Section label={slot.label} t={t}>
      {items}
    </Section>
  );
}
