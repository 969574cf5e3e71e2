import { Progress, Stack, Table, Text } from '@mantine/core';
import { lookup } from '../definitions/bindings.ts';
import { useResource, type SourceDefinition } from '../data/use-resource.ts';
import { useFormatter } from '../format/use-formatter.ts';
import { useText } from '../i18n/use-text.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { DataState } from './DataState.tsx';

interface Series { label: string; field: string }

/**
 * Two light charts without a charting library: `bar` (labelled horizontal bars, with the
 * figures as a table for screen readers) and `progress` (a share of a total, e.g. credit used).
 */
export default function ChartWidget({ node }: WidgetProps) {
  const { t } = useText();
  const formatValue = useFormatter();
  const { data, loading, error } = useResource<Record<string, unknown>>({ ...(node.source as SourceDefinition), single: true });
  const currency = String(data?.currency ?? '') || undefined;
  if (node.kind === 'progress') {
    const value = Number(lookup(data ?? {}, String(node.valueField)) ?? 0);
    const total = Number(lookup(data ?? {}, String(node.totalField)) ?? 0);
    const percent = total > 0 ? Math.min(100, Math.round((value / total) * 100)) : 0;
    return (
      <DataState loading={loading} error={error}>
        <Stack gap={4} data-widget-id={node.id}>
          <Text size="sm">{t(String(node.label), { percent })}</Text>
          <Progress value={percent} size="lg" aria-label={t(String(node.label), { percent })} />
        </Stack>
      </DataState>
    );
  }
  const series = node.series as Series[];
  const values = series.map((item) => Number(lookup(data ?? {}, item.field) ?? 0));
  const max = Math.max(1, ...values);
  return (
    <DataState loading={loading} error={error} height={160}>
      <Stack gap="xs" data-widget-id={node.id}>
        {node.title ? <Text fw={600}>{t(String(node.title))}</Text> : null}
        <div aria-hidden>
          {series.map((item, index) => (
            <div key={item.field} style={{ display: 'grid', gridTemplateColumns: '120px 1fr 120px', alignItems: 'center', gap: 8, marginBottom: 6 }}>
              <Text size="sm">{t(item.label)}</Text>
              <div style={{ background: 'var(--mantine-color-gray-2)', borderRadius: 4, height: 14 }}>
                <div style={{ width: `${(values[index]! / max) * 100}%`, background: 'var(--mantine-primary-color-filled)', height: 14, borderRadius: 4 }} />
              </div>
              <Text size="sm" ta="right">{formatValue('currency', values[index], currency)}</Text>
            </div>
          ))}
        </div>
        <Table className="visually-hidden">
          <Table.Tbody>
            {series.map((item, index) => <Table.Tr key={item.field}><Table.Th>{t(item.label)}</Table.Th><Table.Td>{formatValue('currency', values[index], currency)}</Table.Td></Table.Tr>)}
          </Table.Tbody>
        </Table>
      </Stack>
    </DataState>
  );
}
