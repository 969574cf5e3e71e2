import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '../routing/Link.tsx';
import { ApiRequestError } from '../data/api-client.ts';
import { useResource, type SourceDefinition } from '../data/use-resource.ts';
import { lookup, resolveBinding } from '../definitions/bindings.ts';
import type { WidgetNode } from '../definitions/types.ts';
import { useFormatter } from '../format/use-formatter.ts';
import { useText } from '../i18n/use-text.ts';
import type { FormatterName } from '../registry/names.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { usePortalPath } from '../routing/navigation.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { DataState } from './DataState.tsx';

export interface StatItem {
  label: string;
  /** Path into the record ("past_due_total", "attributes.total_spend_minor"). */
  field: string;
  format?: FormatterName;
  /** For format "currency": the record's currency field; default the record's `currency`. */
  currencyField?: string;
  /** A count shown under the figure, with countLabel (default "common.stats.count", {{count}}). */
  countField?: string;
  countLabel?: string;
  /** A link under the figure: a route template over the record ("/invoice-list/Past Due"), named linkLabel. */
  link?: string;
  linkLabel?: string;
}

type StatRecord = Record<string, unknown>;

/** JSON:API resource objects stand for their attributes. */
function asRecord(entry: unknown): StatRecord {
  if (entry === null || typeof entry !== 'object') return {};
  const attributes = (entry as { attributes?: unknown }).attributes;
  return attributes !== null && typeof attributes === 'object' && !Array.isArray(attributes)
    ? (attributes as StatRecord)
    : (entry as StatRecord);
}

const asRecords = (value: unknown): StatRecord[] =>
  Array.isArray(value) ? value.map(asRecord) : value === undefined || value === null ? [] : [asRecord(value)];

/**
 * Figures of one record (a customer's exposure) or of each record of a list (totals per
 * currency, loyalty enrollments), each labelled, formatted and optionally counted and linked.
 *
 * - `source`: fetched; `each` names a list in `{ data, meta }` to show one group per entry
 *   (`"each": "meta.totals"`), else the source's single record.
 * - `value`: taken from the bindings instead (`"{session.loyaltyPrograms}"`); a list shows one
 *   group per entry, an empty one nothing.
 * - `title`: a text per group, interpolated with the record ("Total in {{currency}}"); it names the group.
 * - `error`: the text shown instead of the figures when the source fails (spec §8: a failed
 *   dispute count sets an error flag), rather than the server's generic message.
 * - `missing`: the text for an absent figure (no credit line in this currency); default "—".
 */
export default function StatWidget({ node }: WidgetProps) {
  return node.source ? <SourceStats node={node} /> : <BoundStats node={node} />;
}

function SourceStats({ node }: WidgetProps) {
  const each = typeof node.each === 'string' ? node.each : undefined;
  const { data, meta, loading, error } = useResource<unknown>({ ...(node.source as SourceDefinition), single: !each });
  const records = each ? asRecords(lookup({ data: asRecords(data), meta: meta ?? {} }, each)) : data ? [asRecord(data)] : [];
  const shown = error && node.error ? new ApiRequestError(error.status, String(node.error), []) : error;
  return (
    <DataState loading={loading} error={shown}>
      <StatGroups node={node} records={records} />
    </DataState>
  );
}

function BoundStats({ node }: WidgetProps) {
  const { bindings } = useScreen();
  return <StatGroups node={node} records={asRecords(resolveBinding(node.value, bindings))} />;
}

function StatGroups({ node, records }: { node: WidgetNode; records: StatRecord[] }) {
  const { t } = useText();
  if (records.length === 0) return null;
  return (
    <Stack gap="md" data-widget-id={node.id}>
      {records.map((record, index) => {
        const title = node.title ? t(String(node.title), record) : undefined;
        return (
          <Stack key={index} gap="xs" role={title ? 'group' : undefined} aria-label={title} data-stat-group={index}>
            {title ? <Text fw={600}>{title}</Text> : null}
            <StatTiles items={node.items as StatItem[]} record={record} missing={node.missing as string | undefined} />
          </Stack>
        );
      })}
    </Stack>
  );
}

function StatTiles({ items, record, missing }: { items: StatItem[]; record: StatRecord; missing: string | undefined }) {
  const { t } = useText();
  const formatValue = useFormatter();
  const portalPath = usePortalPath();
  const { bindings } = useScreen();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(items.length, 4) }}>
      {items.map((item) => {
        const currency = String(lookup(record, item.currencyField ?? 'currency') ?? '') || undefined;
        const text = formatValue(item.format, lookup(record, item.field), currency);
        const count = item.countField ? lookup(record, item.countField) : undefined;
        return (
          <Paper key={item.field} withBorder p="md" radius="md" data-stat={item.field}>
            <Text size="sm" c="dimmed">
              {t(item.label)}
            </Text>
            {text ? (
              <Text size="xl" fw={700} data-stat-value>
                {text}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" mt={6} data-stat-value data-missing>
                {missing ? t(missing) : '—'}
              </Text>
            )}
            {count !== undefined && count !== null ? (
              <Text size="xs" c="dimmed" data-stat-count>
                {t(item.countLabel ?? 'common.stats.count', { count: formatValue('number', count) })}
              </Text>
            ) : null}
            {item.link && item.linkLabel ? (
              <Anchor component={Link} size="sm" to={portalPath(String(resolveBinding(item.link, { ...bindings, record })))}>
                {t(item.linkLabel)}
              </Anchor>
            ) : null}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
