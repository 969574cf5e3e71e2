import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Rectangle, type BarShapeProps } from 'recharts';
import { lookup } from '../../definitions/bindings.ts';
import type { WidgetNode } from '../../definitions/types.ts';
import { useFormatter } from '../../format/use-formatter.ts';
import { useText } from '../../i18n/use-text.ts';
import type { FormatterName } from '../../registry/names.ts';

type ChartRecord = Record<string, unknown>;

/** The plot's height with its month labels: the columns themselves get about 160 px, as before. */
const CHART_HEIGHT = 200;

interface Point {
  key: string;
  label: string;
  value: number;
  /** The column's height in percent of the tallest one (0 for a month without spending). */
  height: number;
}

/**
 * One column as @mantine/charts draws it, wrapped so that a test (and a reader of the DOM) finds
 * each month's column by its key and its drawn share of the tallest column.
 */
function columnShape(props: BarShapeProps) {
  const point = props.payload as Point;
  return (
    <g data-point={point.key}>
      <g data-column-height={point.height}>
        <Rectangle {...props} />
      </g>
    </g>
  );
}

/**
 * `columns`: a list inside the record drawn as vertical columns with @mantine/charts (recharts),
 * one per point, in list order (a spending history by month). `itemsField` names the list,
 * `labelField` and `valueField` each point's label and figure; labels are shown with
 * `labelFormat` (e.g. "month"), figures with `format` (default currency, in the record's
 * `currency`). The columns are for the eye (a pointer shows a figure's tooltip); a table named by
 * `caption` carries every figure for screen readers. Its own chunk: only screens with a column
 * chart load recharts (ChartWidget.tsx).
 * @example { "widget": "chart", "kind": "columns", "source": {...}, "itemsField": "spending_history",
 *            "labelField": "month", "labelFormat": "month", "valueField": "amount_minor", "caption": "loyalty.history.caption" }
 */
export default function ColumnChart({ node, record }: { node: WidgetNode; record: ChartRecord }) {
  const { t } = useText();
  const formatValue = useFormatter();
  const currency = String(record.currency ?? '') || undefined;
  const format = (node.format as FormatterName | undefined) ?? 'currency';
  const labelFormat = (node.labelFormat as FormatterName | undefined) ?? 'text';
  const items = lookup(record, String(node.itemsField));
  const values = (Array.isArray(items) ? items : []).map((item: unknown) => {
    const entry = (item ?? {}) as ChartRecord;
    const value = Number(lookup(entry, String(node.valueField)));
    const raw = lookup(entry, String(node.labelField));
    return { key: String(raw), label: formatValue(labelFormat, raw), value: Number.isFinite(value) ? value : 0 };
  });
  if (values.length === 0)
    return node.empty ? (
      <Text size="sm" c="dimmed" data-widget-id={node.id}>
        {t(String(node.empty))}
      </Text>
    ) : null;
  const max = Math.max(1, ...values.map((point) => point.value));
  const points: Point[] = values.map((point) => ({ ...point, height: Math.round((Math.max(0, point.value) / max) * 100) }));
  const title = node.title ? t(String(node.title)) : undefined;
  const caption = t(String(node.caption));
  const formatFigure = (value: number) => formatValue(format, value, currency);
  return (
    <Stack gap="xs" data-widget-id={node.id} data-points={points.length}>
      {title ? (
        <Text fw={600} aria-hidden>
          {title}
        </Text>
      ) : null}
      {/* The drawing is not in the accessibility tree (nor in the tab order: no accessibility layer); the table below is. */}
      <div aria-hidden>
        <BarChart
          h={CHART_HEIGHT}
          data={points}
          dataKey="label"
          series={[{ name: 'value', label: caption, color: 'var(--mantine-primary-color-filled)' }]}
          valueFormatter={formatFigure}
          withYAxis={false}
          gridAxis="none"
          accessibilityLayer={false}
          barProps={{ radius: 4, shape: columnShape }}
        />
      </div>
      {/* Hidden in a box that clips it: the table's own width must not widen a phone's page (issue 26). */}
      <VisuallyHidden>
        <Table>
          <caption>{caption}</caption>
          <Table.Tbody>
            {points.map((point) => (
              <Table.Tr key={point.key}>
                <Table.Th scope="row">{point.label}</Table.Th>
                <Table.Td data-value>{formatFigure(point.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
