import { lazy, Suspense } from 'react';
import { PasswordInput, Stack } from '@mantine/core';
import { useText } from '../../../i18n/use-text.ts';
import { useFieldProps, type FieldEvents, type FieldSpec } from './field-spec.tsx';

// Only the forms that set a new password show the rules: the sign-in form does not load them.
const PasswordRulesHint = lazy(() => import('../PasswordRulesHint.tsx').then((module) => ({ default: module.PasswordRulesHint })));

interface PasswordFieldProps extends FieldEvents<string> {
  spec: FieldSpec;
  value: string | undefined;
  autoComplete?: string;
  maxLength?: number;
  /** The tenant's password rules as a checklist that ticks as the user types. */
  showRules?: boolean;
}

/** A Mantine PasswordInput with its show/hide toggle named for screen readers. */
export function PasswordField({ spec, value, autoComplete, maxLength, showRules, onChange, onBlur, onFocus }: PasswordFieldProps) {
  const field = useFieldProps(spec);
  const { t } = useText();
  const input = (
    <PasswordInput
      {...field}
      value={value ?? ''}
      maxLength={maxLength}
      visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
      autoComplete={autoComplete ?? 'current-password'}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur?.(event.target.value)}
      onFocus={(event) => onFocus?.(event.target.value)}
    />
  );
  if (!showRules) return input;
  return (
    <Stack gap="xs">
      {input}
      <Suspense fallback={null}>
        <PasswordRulesHint id={`${spec.id}-rules`} password={value ?? ''} />
      </Suspense>
    </Stack>
  );
}
