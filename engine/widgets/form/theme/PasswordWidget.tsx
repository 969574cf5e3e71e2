import { PasswordInput, Stack } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { PasswordRulesHint } from '../PasswordRulesHint.tsx';
import { useFieldProps } from './field-text.tsx';
import { useText } from '../../../i18n/use-text.ts';

/**
 * A Mantine PasswordInput (with its show/hide toggle). `ui:options.showRules` adds the tenant's
 * password rules as a checklist that ticks as the user types.
 */
export default function PasswordWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options } = props;
  const field = useFieldProps(props);
  const { t } = useText();
  const hintId = `${id}-rules`;
  const input = (
    <PasswordInput
      {...field}
      value={value ?? ''}
      visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
      autoComplete={options.autocomplete ?? 'current-password'}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
  if (!options.showRules) return input;
  return (
    <Stack gap="xs">
      {input}
      <PasswordRulesHint id={hintId} password={typeof value === 'string' ? value : ''} />
    </Stack>
  );
}
