import { Suspense } from 'react';
import { Anchor, Progress, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { lazyChunk } from '../runtime/chunk-timeout.ts';
import { Link } from '../routing/Link.tsx';
import { lookup, resolveBinding } from '../definitions/bindings.ts';
import { useResource, type SourceDefinition } from '../data/use-resource.ts';
import type { WidgetNode } from '../definitions/types.ts';
import { useFormatter } from '../format/use-formatter.ts';
import { useText } from '../i18n/use-text.ts';
import type { FormatterName } from '../registry/names.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { useCanOpen } from '../routing/link-access.ts';
import { usePortalPath } from '../routing/navigation.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { DataState } from './DataState.tsx';

// @mantine/charts with recharts: only a screen with a column chart loads them (not the overview's bars).
let columnChart: Promise<typeof import('./chart/ColumnChart.tsx')> | undefined;
const loadColumnChart = () => (columnChart ??= import('./chart/ColumnChart.tsx'));
const ColumnChart = lazyChunk(loadColumnChart);

/**
 * One bar: a labelled figure of the record, optionally with a count ("ageing.d1_30.amount_minor")
 * and a link to the list it counts (a route template over the record, named by the chart's `linkLabel`).
 */
interface Series {
  label: string;
  field: string;
  countField?: string;
  link?: string;
}

type ChartRecord = Record<string, unknown>;

/** The column chart's height while it loads (its title, plot and month labels). */
const COLUMNS_HEIGHT = 230;

const numberAt = (record: ChartRecord, path: string | undefined): number | null => {
  const value = path ? lookup(record, path) : undefined;
  return value === undefined || value === null || value === '' || Number.isNaN(Number(value)) ? null : Number(value);
};

/**
 * Three charts over one record of the source:
 * - `bar`: labelled horizontal bars (`series`, each optionally with a `countField`), figures
 *   formatted with `format` (default currency, in the record's `currency`); a table carries the
 *   same figures for screen readers, named by `caption` (else `title`, which also shows). A bar
 *   with a `link` makes its figure a link to the list behind it, named `linkLabel` with {{label}}.
 *   Each bar is Mantine's Progress; not @mantine/charts' BarsList, whose figure is a plain string
 *   (no link, no count) and whose label sits inside the bar (an empty bucket draws no room for it),
 *   nor its BarChart, which would load recharts on the overview (docs/decisions.md, issue 27).
 * - `progress`: a share of a total (the credit line used). The percent is the record's
 *   `percentField` when given (the server's rounding), else `valueField` over `totalField`.
 *   Without a total (no credit line in this currency) it shows `missing`, or nothing. The
 *   label reads {{percent}} and the record's fields ("{{percent}} % of tier {{next_tier}}").
 * - `columns`: a list inside the record as vertical columns (a monthly history), drawn with
 *   @mantine/charts: chart/ColumnChart.tsx, a chunk of its own.
 */
export default function ChartWidget({ node }: WidgetProps) {
  const { data, loading, error } = useResource<ChartRecord>({ ...(node.source as SourceDefinition), single: true });
  const record = data ?? {};
  // Fetched beside the record, not after it: the chart's chunk does not wait for the data to arrive.
  // A failure shows when the chart renders (lazyChunk), so none is reported here.
  if (node.kind === 'columns') loadColumnChart().catch(() => undefined);
  return (
    <DataState loading={loading} error={error} height={node.kind === 'progress' ? 40 : node.kind === 'columns' ? COLUMNS_HEIGHT : 160}>
      {node.kind === 'progress' ? (
        <ProgressChart node={node} record={record} />
      ) : node.kind === 'columns' ? (
        <Suspense fallback={<Skeleton height={COLUMNS_HEIGHT} aria-busy="true" />}>
          <ColumnChart node={node} record={record} />
        </Suspense>
      ) : (
        <BarChart node={node} record={record} />
      )}
    </DataState>
  );
}

function ProgressChart({ node, record }: { node: WidgetNode; record: ChartRecord }) {
  const { t } = useText();
  const total = numberAt(record, node.totalField as string | undefined);
  const value = numberAt(record, node.valueField as string | undefined);
  const given = numberAt(record, node.percentField as string | undefined);
  const percent = given ?? (total !== null && total > 0 && value !== null ? Math.min(100, Math.round((value / total) * 100)) : null);
  if (percent === null)
    return node.missing ? (
      <Text size="sm" c="dimmed" data-widget-id={node.id}>
        {t(String(node.missing))}
      </Text>
    ) : null;
  const label = t(String(node.label), { ...record, percent });
  return (
    <Stack gap={4} data-widget-id={node.id} data-percent={percent}>
      <Text size="sm">{label}</Text>
      <Progress value={percent} size="lg" aria-label={label} color={percent >= 90 ? 'red' : percent >= 75 ? 'yellow' : undefined} />
    </Stack>
  );
}

function BarChart({ node, record }: { node: WidgetNode; record: ChartRecord }) {
  const { t } = useText();
  const formatValue = useFormatter();
  const currency = String(record.currency ?? '') || undefined;
  const format = (node.format as FormatterName | undefined) ?? 'currency';
  const countLabel = (node.countLabel as string | undefined) ?? 'common.stats.count';
  const portalPath = usePortalPath();
  const { bindings } = useScreen();
  const canOpen = useCanOpen();
  const linkOf = (item: Series) => {
    const target = item.link ? String(resolveBinding(item.link, { ...bindings, record })) : undefined;
    // Never a link the user cannot open (issue 26 defect 3).
    return target && canOpen(target) ? portalPath(target) : undefined;
  };
  const bars = (node.series as Series[]).map((item) => {
    const count = numberAt(record, item.countField);
    return {
      ...item,
      value: numberAt(record, item.field) ?? 0,
      count: count === null ? null : t(countLabel, { count: formatValue('number', count) }),
      to: linkOf(item),
    };
  });
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const title = node.title ? t(String(node.title)) : undefined;
  // The figures' table is named by `caption` (when a heading above already names the chart), else the title.
  const caption = node.caption ? t(String(node.caption)) : title;
  return (
    <Stack gap="xs" data-widget-id={node.id}>
      {title ? (
        <Text fw={600} aria-hidden>
          {title}
        </Text>
      ) : null}
      {/* The bars are drawn for the eye; the table below carries the figures, and only a bar's link is exposed here. */}
      <div>
        {bars.map((bar) => (
          <div
            key={bar.field}
            data-series={bar.field}
            style={{
              display: 'grid',
              // The bar keeps some width on a phone: a plain 1fr got none once the text columns took their maximum.
              gridTemplateColumns: 'minmax(100px, 180px) minmax(48px, 1fr) minmax(130px, 200px)',
              alignItems: 'center',
              gap: 8,
              marginBottom: 6,
            }}
          >
            <Text size="sm" aria-hidden>
              {t(bar.label)}
            </Text>
            <Progress aria-hidden value={(Math.max(0, bar.value) / max) * 100} size={14} radius={4} />
            <Text size="sm" ta="right" aria-hidden={bar.to ? undefined : true}>
              {bar.to ? (
                <Anchor component={Link} to={bar.to}>
                  <span data-value>{formatValue(format, bar.value, currency)}</span>
                  {/* The name starts with the figure shown (WCAG 2.5.3) and says where it leads. */}
                  {node.linkLabel ? <VisuallyHidden> {t(String(node.linkLabel), { label: t(bar.label) })}</VisuallyHidden> : null}
                </Anchor>
              ) : (
                <span data-value>{formatValue(format, bar.value, currency)}</span>
              )}
              {bar.count ? (
                <Text span size="xs" c="dimmed" aria-hidden>
                  {' '}
                  · {bar.count}
                </Text>
              ) : null}
            </Text>
          </div>
        ))}
      </div>
      {/* Hidden in a box that clips it: the table's own width must not widen a phone's page (issue 26). */}
      <VisuallyHidden>
        <Table>
          {caption ? <caption>{caption}</caption> : null}
          <Table.Tbody>
            {bars.map((bar) => (
              <Table.Tr key={bar.field}>
                <Table.Th scope="row">{t(bar.label)}</Table.Th>
                <Table.Td>
                  {formatValue(format, bar.value, currency)}
                  {bar.count ? `, ${bar.count}` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
