import { getSubmitButtonOptions, type RJSFSchema, type SubmitButtonProps } from '@rjsf/utils';
import { useText } from '../../../i18n/use-text.ts';
import { FormFooter } from '../FormFooter.tsx';
import type { PortalFormContext } from './form-context.ts';
import { StepFooter } from './StepFooter.tsx';

/**
 * RJSF's submit button: the form's footer with what the form widget put in formContext. A
 * server refusal naming one of the form's fields (meta.field, "{field} is required") reads
 * that field's title, as the form's own messages do. None where the uiSchema says
 * `ui:submitButtonOptions.norender` (a form whose changes another part of the page saves).
 */
export default function SubmitButton({ registry, uiSchema }: SubmitButtonProps) {
  const { t } = useText();
  if (getSubmitButtonOptions(uiSchema).norender) return null;
  const { submitLabel, submitting, submitError, steps, cancel } = registry.formContext as PortalFormContext;
  const field = submitError?.meta.field;
  const title = typeof field === 'string' ? (registry.rootSchema.properties?.[field] as RJSFSchema | undefined)?.title : undefined;
  const shown = submitError && title ? { ...submitError, meta: { ...submitError.meta, field: t(title) } } : submitError;
  if (steps) return <StepFooter submitLabel={submitLabel} submitting={submitting} submitError={shown} steps={steps} />;
  return <FormFooter submitLabel={submitLabel} submitting={submitting} submitError={shown} cancel={cancel} />;
}
