import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { lookup } from '../definitions/bindings.ts';
import type { WidgetNode } from '../definitions/types.ts';
import { useResource, type SourceDefinition } from '../data/use-resource.ts';
import { useFormatter } from '../format/use-formatter.ts';
import { useText } from '../i18n/use-text.ts';
import type { FormatterName } from '../registry/names.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { WithRecord } from '../screens/screen-context.tsx';
import { WidgetTree } from '../screens/WidgetTree.tsx';
import { useCanonicalRoute, type CanonicalRoute } from './canonical-route.ts';
import { DataState, Notices } from './DataState.tsx';
import { usePhone } from './table/phone.ts';
import tableClasses from './table/table.module.css';
import type { NoticeDefinition } from './notices.ts';

/** One value, or with `lines` several fields as one block (an address), empty ones left out. */
interface DetailField {
  label: string;
  field?: string;
  lines?: string[];
  format?: FormatterName;
  currencyField?: string;
}
interface ListColumn {
  field: string;
  label: string;
  format?: FormatterName;
  align?: 'left' | 'center' | 'right';
}
/** An array field of the record (line items) shown as a small table. */
interface DetailList {
  field: string;
  label: string;
  columns: ListColumn[];
}

type Format = ReturnType<typeof useFormatter>;
type Row = Record<string, unknown>;

const currencyOf = (record: Row, field?: string) => String(lookup(record, field ?? 'currency') ?? '') || undefined;

function fieldText(field: DetailField, record: Row, formatValue: Format): string {
  if (field.lines) {
    return field.lines
      .map((line) => lookup(record, line))
      .filter((value) => value !== null && value !== undefined && value !== '')
      .join('\n');
  }
  return formatValue(field.format, lookup(record, field.field ?? ''), currencyOf(record, field.currencyField));
}

/**
 * A record's fields as a description list, amounts in the record's currency. With `list`, an
 * array field of the record as a table (on a phone as cards, so nothing scrolls sideways); with `children`, widgets shown once the record loaded
 * that see it as {record.*} (actions on it, its related lists). A failure shows the server's
 * error translated ("Invoice not found") and nothing of the children. With `canonical`, a record
 * opened by another of its ids moves the address to the canonical one (canonical-route.ts).
 * @example { "widget": "detail", "source": { "resource": "/invoices/{route.invoice_id}", "single": true },
 *            "fields": [{ "label": "invoices.fields.status", "field": "status", "format": "status" }],
 *            "children": [{ "widget": "actions", "actions": [...] }] }
 */
export default function DetailWidget({ node }: WidgetProps) {
  const { t } = useText();
  const formatValue = useFormatter();
  const { data, meta, loading, error } = useResource<Row>({ ...(node.source as SourceDefinition), single: true });
  const moving = useCanonicalRoute(node.canonical as CanonicalRoute | undefined, data ?? undefined);
  if (!loading && !error && !data && node.empty)
    return (
      <Text c="dimmed" data-widget-id={node.id} data-empty="true">
        {t(String(node.empty))}
      </Text>
    );
  const record = data ?? {};
  const fields = (node.fields as DetailField[] | undefined) ?? [];
  const list = node.list as DetailList | undefined;
  const children = node.children as WidgetNode[] | undefined;
  return (
    <DataState loading={loading && !data} error={error}>
      <Stack gap="md" data-widget-id={node.id}>
        <Notices notices={node.notices as NoticeDefinition[] | undefined} meta={meta} />
        {fields.length ? (
          <SimpleGrid component="dl" cols={{ base: 1, sm: Math.min(2, fields.length), md: Math.min(3, fields.length) }} spacing="sm" m={0}>
            {fields.map((field) => (
              <Stack key={field.field ?? field.label} gap={0}>
                <Text component="dt" size="sm" c="dimmed">
                  {t(field.label)}
                </Text>
                <Text
                  component="dd"
                  m={0}
                  data-field={field.field ?? field.label}
                  style={field.lines ? { whiteSpace: 'pre-line' } : undefined}
                >
                  {fieldText(field, record, formatValue) || '—'}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        ) : null}
        {list ? <RecordList list={list} record={record} formatValue={formatValue} /> : null}
        {children && data && !moving ? (
          <WithRecord record={data}>
            <WidgetTree nodes={children} />
          </WithRecord>
        ) : null}
      </Stack>
    </DataState>
  );
}

function RecordList({ list, record, formatValue }: { list: DetailList; record: Row; formatValue: Format }) {
  const { t } = useText();
  const phone = usePhone();
  const captionId = useId();
  const rows = (lookup(record, list.field) as Row[] | undefined) ?? [];
  const currency = currencyOf(record);
  if (phone) {
    // On a phone, as a table's rows (table/RowCards.tsx): one card per row, each value under its
    // label; the caption stays above them.
    return (
      <Stack gap={4}>
        <Text size="sm" c="dimmed" ta="center" id={captionId}>
          {t(list.label)}
        </Text>
        <ul className={tableClasses.cards} aria-labelledby={captionId} data-list={list.field} data-cards="">
          {rows.map((row, index) => (
            <li key={index} className={tableClasses.card}>
              <dl className={tableClasses.cardFields}>
                {list.columns.map((column) => (
                  <div key={column.field} className={tableClasses.cardField} data-column={column.field}>
                    <dt>{t(column.label)}</dt>
                    <dd>{formatValue(column.format, row[column.field], currencyOf(row) ?? currency)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table fz="sm" captionSide="top" data-list={list.field}>
        <Table.Caption>{t(list.label)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {list.columns.map((column) => (
              <Table.Th key={column.field} style={{ textAlign: column.align ?? 'left' }}>
                {t(column.label)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {list.columns.map((column) => (
                <Table.Td key={column.field} style={{ textAlign: column.align ?? 'left' }}>
                  {formatValue(column.format, row[column.field], currencyOf(row) ?? currency)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
