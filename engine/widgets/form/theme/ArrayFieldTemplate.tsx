import { Button, Fieldset, Stack, Text } from '@mantine/core';
import { buttonId, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/**
 * A list field (`"type": "array"` of objects: an invoice's line items, a program's milestones):
 * its title as the fieldset's legend, the items (ArrayFieldItemTemplate), the list's own errors,
 * and an add button. The button reads `ui:options.addLabel` of the array (an i18n key), else
 * "Add to <list title>", so it reads in every language. `ui:description` (an i18n key) is said
 * under the legend, as an object's description is.
 * @example "milestones": { "ui:options": { "addLabel": "loyalty.editor.add" },
 *            "items": { "ui:options": { "itemTitle": "loyalty.editor.milestone", "removeLabel": "loyalty.editor.remove", "columns": 3 } } }
 */
export default function ArrayFieldTemplate({
  canAdd,
  disabled,
  readonly,
  fieldPathId,
  items,
  onAddClick,
  title,
  schema,
  rawErrors,
  uiSchema,
}: ArrayFieldTemplateProps) {
  const { t } = useText();
  const options = (uiSchema?.['ui:options'] ?? {}) as { addLabel?: string };
  const description = uiSchema?.['ui:description'];
  // RJSF gives a list of texts its schema name as title, whatever `ui:title` says.
  const uiTitle = uiSchema?.['ui:title'];
  const label = t(String((typeof uiTitle === 'string' && uiTitle) || (title ?? schema.title ?? '')));
  return (
    <Fieldset
      legend={
        <Text component="span" fw={700} size="sm">
          {label}
        </Text>
      }
      id={fieldPathId.$id}
      variant="unstyled"
    >
      <Stack gap="xs">
        {typeof description === 'string' && description ? (
          <Text size="sm" c="dimmed">
            {t(description)}
          </Text>
        ) : null}
        {items}
        {rawErrors?.map((message) => (
          <Text key={message} role="alert" c="red" size="sm">
            {message}
          </Text>
        ))}
        {canAdd && !readonly && (
          <Button id={buttonId(fieldPathId, 'add')} variant="light" onClick={onAddClick} disabled={disabled} w="fit-content" data-array-add>
            {options.addLabel ? t(options.addLabel) : t('common.form.addItem', { list: label })}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
