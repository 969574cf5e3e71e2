import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/**
 * The fields of an object, stacked, or side by side in `ui:options.columns` columns from the
 * small breakpoint up (a list item's few fields); a nested object's title and description are i18n keys.
 */
export default function ObjectFieldTemplate({ title, description, properties, fieldPathId, uiSchema }: ObjectFieldTemplateProps) {
  const { t } = useText();
  const isRoot = fieldPathId.path.length === 0;
  const options = (uiSchema?.['ui:options'] ?? {}) as { columns?: number; itemTitle?: string };
  const columns = Number(options.columns ?? 1);
  // A list item headed by its `itemTitle` (ArrayFieldTemplate) needs no title of its own.
  const showTitle = !isRoot && Boolean(title) && !options.itemTitle;
  return (
    <Stack gap="md">
      {showTitle ? <Title order={3} id={`${fieldPathId.$id}__title`}>{t(title)}</Title> : null}
      {typeof description === 'string' && description ? <Text size="sm" c="dimmed">{t(description)}</Text> : description}
      {columns > 1
        ? <SimpleGrid cols={{ base: 1, sm: columns }}>{properties.filter((property) => !property.hidden).map((property) => <div key={property.name}>{property.content}</div>)}</SimpleGrid>
        : properties.filter((property) => !property.hidden).map((property) => <div key={property.name}>{property.content}</div>)}
      {properties.filter((property) => property.hidden).map((property) => <div key={property.name} hidden>{property.content}</div>)}
    </Stack>
  );
}
