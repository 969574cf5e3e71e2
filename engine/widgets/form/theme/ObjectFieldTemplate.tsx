import { Stack, Text, Title } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';
import type { PortalFormContext } from './form-context.ts';

/** The fields of an object, stacked; a nested object's title and description are i18n keys. */
export default function ObjectFieldTemplate({ title, description, properties, fieldPathId, registry }: ObjectFieldTemplateProps) {
  const { t } = useText();
  const isRoot = fieldPathId.path.length === 0;
  const steps = isRoot ? (registry.formContext as PortalFormContext).steps : undefined;
  if (steps) {
    // One step at a time; the others stay mounted (hidden) so what was typed there is kept.
    return (
      <Stack gap="md">
        {properties.map((property, index) => <div key={property.name} hidden={index !== steps.current || property.hidden}>{property.content}</div>)}
      </Stack>
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
