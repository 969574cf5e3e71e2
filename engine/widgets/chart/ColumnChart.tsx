import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { lookup } from '../../definitions/bindings.ts';
import type { WidgetNode } from '../../definitions/types.ts';
import { useFormatter } from '../../format/use-formatter.ts';
import { useText } from '../../i18n/use-text.ts';
import type { FormatterName } from '../../registry/names.ts';

type ChartRecord = Record<string, unknown>;

const CHART_HEIGHT = 160;

/**
 * `columns`: a list inside the record drawn as vertical columns, one per point, in list order
 * (a spending history by month). `itemsField` names the list, `labelField` and `valueField` each
 * point's label and figure; labels are shown with `labelFormat` (e.g. "month"), figures with
 * `format` (default currency, in the record's `currency`). The columns are for the eye; a table
 * named by `caption` carries every figure for screen readers.
 * @example { "widget": "chart", "kind": "columns", "source": {...}, "itemsField": "spending_history",
 *            "labelField": "month", "labelFormat": "month", "valueField": "amount_minor", "caption": "loyalty.history.caption" }
 */
export function ColumnChart({ node, record }: { node: WidgetNode; record: ChartRecord }) {
  const { t } = useText();
  const formatValue = useFormatter();
  const currency = String(record.currency ?? '') || undefined;
  const format = (node.format as FormatterName | undefined) ?? 'currency';
  const labelFormat = (node.labelFormat as FormatterName | undefined) ?? 'text';
  const items = lookup(record, String(node.itemsField));
  const points = (Array.isArray(items) ? items : []).map((item: unknown) => {
    const entry = (item ?? {}) as ChartRecord;
    const value = Number(lookup(entry, String(node.valueField)));
    const raw = lookup(entry, String(node.labelField));
    return { key: String(raw), label: formatValue(labelFormat, raw), value: Number.isFinite(value) ? value : 0 };
  });
  if (points.length === 0) return node.empty ? <Text size="sm" c="dimmed" data-widget-id={node.id}>{t(String(node.empty))}</Text> : null;
  const max = Math.max(1, ...points.map((point) => point.value));
  const title = node.title ? t(String(node.title)) : undefined;
  return (
    <Stack gap="xs" data-widget-id={node.id} data-points={points.length}>
      {title ? <Text fw={600} aria-hidden>{title}</Text> : null}
      <div aria-hidden style={{ overflowX: 'auto' }}>
        <div style={{ display: 'grid', gridTemplateColumns: `repeat(${points.length}, minmax(44px, 1fr))`, gap: 6, alignItems: 'end', minWidth: points.length * 50 }}>
          {points.map((point) => (
            <div key={point.key} data-point={point.key} title={`${point.label}: ${formatValue(format, point.value, currency)}`}
              style={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 4 }}>
              <div style={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'flex-end', background: 'var(--mantine-color-gray-1)', borderRadius: 4 }}>
                <div data-column-height={Math.round((Math.max(0, point.value) / max) * 100)}
                  style={{ width: '100%', height: `${(Math.max(0, point.value) / max) * 100}%`, minHeight: point.value > 0 ? 2 : 0, background: 'var(--mantine-primary-color-filled)', borderRadius: 4 }} />
              </div>
              <Text size="xs" ta="center" c="dimmed">{point.label}</Text>
            </div>
          ))}
        </div>
      </div>
      {/* Hidden in a box that clips it: the table's own width must not widen a phone's page (issue 26). */}
      <VisuallyHidden>
        <Table>
          <caption>{t(String(node.caption))}</caption>
          <Table.Tbody>
            {points.map((point) => (
              <Table.Tr key={point.key}>
                <Table.Th scope="row">{point.label}</Table.Th>
                <Table.Td data-value>{formatValue(format, point.value, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
