import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/**
 * A list field (`"type": "array"` of objects): its items one under the other, each in a frame
 * headed by `ui:options.itemTitle` of the items' uiSchema (an i18n key with {{number}}) and with
 * its remove button (`removeLabel`), and an add button under them (`addLabel` of the array's
 * ui:options). Every label is an i18n key, so the list reads in every language; a list that
 * may add or remove names both labels.
 * @example "milestones": { "ui:options": { "addLabel": "loyalty.editor.add" },
 *            "items": { "ui:options": { "itemTitle": "loyalty.editor.milestone", "removeLabel": "loyalty.editor.remove", "columns": 3 } } }
 */
export default function ArrayFieldTemplate({ title, items, canAdd, onAddClick, uiSchema, disabled, readonly, fieldPathId }: ArrayFieldTemplateProps) {
  const { t } = useText();
  const options = (uiSchema?.['ui:options'] ?? {}) as { addLabel?: string };
  return (
    <Stack gap="sm" role="group" aria-labelledby={`${fieldPathId.$id}__title`}>
      <Title order={3} size="h4" id={`${fieldPathId.$id}__title`}>{title ? t(title) : null}</Title>
      {items}
      {canAdd && !readonly ? (
        <Group>
          <Button variant="light" onClick={onAddClick} disabled={disabled} data-array-add>{t(String(options.addLabel))}</Button>
        </Group>
      ) : null}
    </Stack>
  );
}

export function ArrayFieldItemTemplate({ children, index, buttonsProps, uiSchema, disabled, readonly }: ArrayFieldItemTemplateProps) {
  const { t } = useText();
  const options = (uiSchema?.['ui:options'] ?? {}) as { itemTitle?: string; removeLabel?: string };
  const heading = options.itemTitle ? t(options.itemTitle, { number: index + 1 }) : undefined;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={heading} data-array-item={index}>
      <Stack gap="xs">
        {heading || buttonsProps.hasRemove ? (
          <Group justify="space-between" wrap="nowrap">
            {heading ? <Text fw={600}>{heading}</Text> : <span />}
            {buttonsProps.hasRemove && !readonly ? (
              <Button size="xs" variant="subtle" color="red" onClick={buttonsProps.onRemoveItem} disabled={disabled}
                aria-label={heading ? `${t(String(options.removeLabel))}: ${heading}` : undefined}>
                {t(String(options.removeLabel))}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
