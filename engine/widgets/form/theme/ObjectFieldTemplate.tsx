import { Stack, Text, Title } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/** The fields of an object, stacked; a nested object's title and description are i18n keys. */
export default function ObjectFieldTemplate({ title, description, properties, fieldPathId }: ObjectFieldTemplateProps) {
  const { t } = useText();
  const isRoot = fieldPathId.path.length === 0;
  return (
    <Stack gap="md">
      {!isRoot && title ? <Title order={3} id={`${fieldPathId.$id}__title`}>{t(title)}</Title> : null}
      {typeof description === 'string' && description ? <Text size="sm" c="dimmed">{t(description)}</Text> : description}
      {properties.filter((property) => !property.hidden).map((property) => <div key={property.name}>{property.content}</div>)}
      {properties.filter((property) => property.hidden).map((property) => <div key={property.name} hidden>{property.content}</div>)}
    </Stack>
  );
}
