import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';
import type { PortalFormContext } from './form-context.ts';

/**
 * The fields of an object, stacked; a nested object's title and description are i18n keys.
 * Side by side from the small breakpoint up: `ui:options.columns: n` in n columns, or
 * `ui:options.layout: "row"` all in one row with no title (a list's items, e.g. an invoice's line
 * items: each field keeps its own label). A list item headed by its `itemTitle` needs no title either.
 * A form with `ui:options.steps` shows its root's fields one step at a time.
 */
export default function ObjectFieldTemplate({ title, description, properties, fieldPathId, uiSchema, registry }: ObjectFieldTemplateProps) {
  const { t } = useText();
  const isRoot = fieldPathId.path.length === 0;
  const steps = isRoot ? (registry.formContext as PortalFormContext).steps : undefined;
  if (steps) {
    // One step at a time; the others stay mounted (hidden) so what was typed there is kept.
    return (
      <Stack gap="md">
        {properties.map((property, index) => (
          <div key={property.name} hidden={index !== steps.current || property.hidden}>
            {property.content}
          </div>
        ))}
      </Stack>
    );
  }
  const options = (uiSchema?.['ui:options'] ?? {}) as { columns?: number; itemTitle?: string; layout?: 'row' };
  const shown = properties.filter((property) => !property.hidden);
  const columns = options.layout === 'row' ? shown.length : Number(options.columns ?? 1);
  const showTitle = !isRoot && Boolean(title) && !options.itemTitle && options.layout !== 'row';
  const fields = shown.map((property) => <div key={property.name}>{property.content}</div>);
  return (
    <Stack gap="md">
      {showTitle ? (
        <Title order={3} id={`${fieldPathId.$id}__title`}>
          {t(title)}
        </Title>
      ) : null}
      {typeof description === 'string' && description ? (
        <Text size="sm" c="dimmed">
          {t(description)}
        </Text>
      ) : (
        description
      )}
      {columns > 1 ? (
        <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm">
          {fields}
        </SimpleGrid>
      ) : (
        fields
      )}
      {properties
        .filter((property) => property.hidden)
        .map((property) => (
          <div key={property.name} hidden>
            {property.content}
          </div>
        ))}
    </Stack>
  );
}
