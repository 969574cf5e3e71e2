import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { buttonId, type ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/**
 * One item of a list in a frame: an optional heading (`ui:options.itemTitle` of the items, an i18n
 * key with {{number}} from 1), its fields, and a remove button (`removeLabel`, else "Remove") whose
 * accessible name says which item it removes.
 */
export default function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, index, uiSchema }: ArrayFieldItemTemplateProps) {
  const { t } = useText();
  const { hasRemove, onRemoveItem, disabled, readonly, fieldPathId } = buttonsProps;
  const options = (uiSchema?.['ui:options'] ?? {}) as { itemTitle?: string; removeLabel?: string };
  const heading = options.itemTitle ? t(options.itemTitle, { number: index + 1 }) : undefined;
  const removeText = options.removeLabel ? t(options.removeLabel) : t('common.form.removeItem');
  const remove =
    hasToolbar && hasRemove && !readonly ? (
      <Button
        id={buttonId(fieldPathId, 'remove')}
        variant="subtle"
        color="red"
        size={heading ? 'xs' : 'sm'}
        mt={heading ? 0 : 24}
        onClick={onRemoveItem}
        disabled={disabled}
        aria-label={heading ? `${removeText}: ${heading}` : t('common.form.removeItemNumbered', { number: index + 1 })}
      >
        {removeText}
      </Button>
    ) : null;
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={heading} data-array-item={index}>
      {heading ? (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{heading}</Text>
            {remove}
          </Group>
          {children}
        </Stack>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <Box flex={1} miw={0}>
            {children}
          </Box>
          {remove}
        </Group>
      )}
    </Paper>
  );
}
