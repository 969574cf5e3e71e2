import { Text } from '@mantine/core';
import { helpId, type FieldHelpProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';

/** `ui:help`, an i18n key, under the field. */
export default function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  const { t } = useText();
  if (!help) return null;
  return (
    <Text id={helpId(fieldPathId)} size="xs" c="dimmed" mt={4}>
      {typeof help === 'string' ? t(help) : help}
    </Text>
  );
}
