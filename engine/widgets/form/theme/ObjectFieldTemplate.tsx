import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/**
 * The fields of an object, stacked; a nested object's title and description are i18n keys.
 * `ui:options.layout: "row"` sets them side by side with no title (a list's items, e.g. an
 * invoice's line items: each field keeps its own label), wrapping on narrow screens.
 */
export default function ObjectFieldTemplate({ title, description, properties, fieldPathId, uiSchema }: ObjectFieldTemplateProps) {
  const { t } = useText();
  const isRoot = fieldPathId.path.length === 0;
  const shown = properties.filter((property) => !property.hidden);
  if (getUiOptions(uiSchema).layout === 'row') {
    return (
      <SimpleGrid cols={{ base: 1, sm: shown.length }} spacing="sm">
        {shown.map((property) => <div key={property.name}>{property.content}</div>)}
        {properties.filter((property) => property.hidden).map((property) => <div key={property.name} hidden>{property.content}</div>)}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="md">
      {!isRoot && title ? <Title order={3} id={`${fieldPathId.$id}__title`}>{t(title)}</Title> : null}
      {typeof description === 'string' && description ? <Text size="sm" c="dimmed">{t(description)}</Text> : description}
      {properties.filter((property) => !property.hidden).map((property) => <div key={property.name}>{property.content}</div>)}
      {properties.filter((property) => property.hidden).map((property) => <div key={property.name} hidden>{property.content}</div>)}
    </Stack>
  );
}
