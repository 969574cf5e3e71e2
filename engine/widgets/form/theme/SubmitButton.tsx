import type { SubmitButtonProps } from '@rjsf/utils';
import { FormFooter } from '../FormFooter.tsx';
import type { PortalFormContext } from './form-context.ts';
import { StepFooter } from './StepFooter.tsx';

/** RJSF's submit button: the form's footer with what the form widget put in formContext. */
export default function SubmitButton({ registry }: SubmitButtonProps) {
  const { submitLabel, submitting, submitError, steps } = registry.formContext as PortalFormContext;
  if (steps) return <StepFooter submitLabel={submitLabel} submitting={submitting} submitError={submitError} steps={steps} />;
  return <FormFooter submitLabel={submitLabel} submitting={submitting} submitError={submitError} />;
}
