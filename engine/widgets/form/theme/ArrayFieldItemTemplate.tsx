import { Box, Button, Group, Paper } from '@mantine/core';
import { buttonId, type ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/** One item of a list: its fields, and a "Remove" button that names the item by its position. */
export default function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, index }: ArrayFieldItemTemplateProps) {
  const { t } = useText();
  const { hasRemove, onRemoveItem, disabled, readonly, fieldPathId } = buttonsProps;
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Box flex={1} miw={0}>{children}</Box>
        {hasToolbar && hasRemove && (
          <Button id={buttonId(fieldPathId, 'remove')} variant="subtle" color="red" mt={24} onClick={onRemoveItem} disabled={disabled || readonly}
            aria-label={t('common.form.removeItemNumbered', { number: index + 1 })}>
            {t('common.form.removeItem')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
