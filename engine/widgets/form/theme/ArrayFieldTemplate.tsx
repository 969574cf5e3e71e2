import { Button, Fieldset, Stack, Text } from '@mantine/core';
import { buttonId, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/**
 * A list field (an invoice's line items): its title as the fieldset's legend, the items, and an
 * "Add" button named after the list. Errors of the list itself show under it.
 */
export default function ArrayFieldTemplate({ canAdd, disabled, readonly, fieldPathId, items, onAddClick, title, schema, rawErrors }: ArrayFieldTemplateProps) {
  const { t } = useText();
  const label = t(String(title ?? schema.title ?? ''));
  return (
    <Fieldset legend={<Text component="span" fw={700} size="sm">{label}</Text>} id={fieldPathId.$id} variant="unstyled">
      <Stack gap="xs">
        {items}
        {rawErrors?.map((message) => <Text key={message} role="alert" c="red" size="sm">{message}</Text>)}
        {canAdd && (
          <Button id={buttonId(fieldPathId, 'add')} variant="light" onClick={onAddClick} disabled={disabled || readonly} w="fit-content">
            {t('common.form.addItem', { list: label })}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
