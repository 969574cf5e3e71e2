import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useResource, type SourceDefinition } from '../data/use-resource.ts';
import { useFormatter } from '../format/use-formatter.ts';
import { useText } from '../i18n/use-text.ts';
import type { FormatterName } from '../registry/names.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { lookup } from '../definitions/bindings.ts';
import { DataState } from './DataState.tsx';

interface StatItem { label: string; field: string; format?: FormatterName; currencyField?: string; countField?: string }

/** Figures from one record (e.g. a customer's exposure), each labelled and formatted. */
export default function StatWidget({ node }: WidgetProps) {
  const { t } = useText();
  const formatValue = useFormatter();
  const { data, loading, error } = useResource<Record<string, unknown>>({ ...(node.source as SourceDefinition), single: true });
  const items = node.items as StatItem[];
  return (
    <DataState loading={loading} error={error}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(items.length, 4) }} data-widget-id={node.id}>
        {items.map((item) => {
          const currency = item.currencyField ? String(lookup(data ?? {}, item.currencyField) ?? '') : String(data?.currency ?? '');
          const count = item.countField ? lookup(data ?? {}, item.countField) : undefined;
          return (
            <Paper key={item.field} withBorder p="md" radius="md" data-stat={item.field}>
              <Text size="sm" c="dimmed">{t(item.label)}</Text>
              <Text size="xl" fw={700}>{formatValue(item.format, lookup(data ?? {}, item.field), currency || undefined)}</Text>
              {count !== undefined && <Text size="xs" c="dimmed">{t('common.stats.count', { count: Number(count) })}</Text>}
            </Paper>
          );
        })}
      </SimpleGrid>
    </DataState>
  );
}
