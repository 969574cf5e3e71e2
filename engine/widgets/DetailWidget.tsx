import { SimpleGrid, Stack, Text } from '@mantine/core';
import { lookup } from '../definitions/bindings.ts';
import { useResource, type SourceDefinition } from '../data/use-resource.ts';
import { useFormatter } from '../format/use-formatter.ts';
import { useText } from '../i18n/use-text.ts';
import type { FormatterName } from '../registry/names.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { DataState } from './DataState.tsx';

interface DetailField { label: string; field: string; format?: FormatterName; currencyField?: string }

/** A record's fields as a description list. */
export default function DetailWidget({ node }: WidgetProps) {
  const { t } = useText();
  const formatValue = useFormatter();
  const { data, loading, error } = useResource<Record<string, unknown>>({ ...(node.source as SourceDefinition), single: true });
  if (!loading && !error && !data && node.empty) return <Text c="dimmed">{t(String(node.empty))}</Text>;
  return (
    <DataState loading={loading} error={error}>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-widget-id={node.id}>
        {(node.fields as DetailField[]).map((field) => (
          <Stack key={field.field} gap={0}>
            <Text component="dt" size="sm" c="dimmed">{t(field.label)}</Text>
            <Text component="dd" m={0} data-field={field.field}>
              {formatValue(field.format, lookup(data ?? {}, field.field), field.currencyField ? String(lookup(data ?? {}, field.currencyField) ?? '') : String(data?.currency ?? '') || undefined) || '—'}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </DataState>
  );
}
