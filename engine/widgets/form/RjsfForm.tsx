import { useMemo, useState } from 'react';
import { withTheme } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useText } from '../../i18n/use-text.ts';
import { useSession } from '../../session/store.ts';
import { translateErrors } from './error-messages.ts';
import type { FormProps } from './FormWidget.tsx';
import type { PortalFormContext } from './theme/form-context.ts';
import { mantineTheme } from './theme/theme.tsx';
import { useFormSubmit } from './use-form-submit.ts';
import { customValidateFor } from './validators.ts';

const ThemedForm = withTheme(mantineTheme);

type FormData = Record<string, unknown>;

/**
 * A form with conditional parts, choices or sourced options, rendered by react-jsonschema-form
 * with the Mantine theme and the precompiled validator. Errors show once the user first submits,
 * then live.
 */
export default function RjsfForm({ name, definition, validator, submit, initialData, hidden, onSubmit, choicesStartEmpty }: FormProps & { validator: ValidatorType }) {
  const { t } = useText();
  const limits = useSession((session) => session.config?.limits);
  const [data, setData] = useState<FormData>(initialData);
  const [submitted, setSubmitted] = useState(false);
  const { submitting, submitError, send } = useFormSubmit(onSubmit, submit.failure);

  const transformErrors = useMemo(() => translateErrors(t), [t]);
  const customValidate = useMemo(
    () => customValidateFor(definition.validators ?? [], definition.schema, limits ? { limits } : null, t),
    [definition, limits, t],
  );
  const formContext: PortalFormContext = { submitLabel: String(submit.label), submitting, submitError };
  const uiSchema = useMemo(() => {
    const base = { ...definition.uiSchema };
    for (const field of hidden) base[field] = { ...(base[field] as object | undefined), 'ui:widget': 'hidden' };
    return base;
  }, [definition, hidden]);

  return (
    <ThemedForm
      schema={definition.schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={data}
      formContext={formContext}
      transformErrors={transformErrors}
      customValidate={customValidate}
      liveValidate={submitted ? 'onChange' : false}
      showErrorList={false}
      noHtml5Validate
      {...(choicesStartEmpty ? { experimental_defaultFormStateBehavior: { constAsDefaults: 'skipOneOf' } } : {})}
      focusOnFirstError
      disabled={submitting}
      idPrefix={`form-${name}`}
      onChange={(event) => setData((event.formData ?? {}) as FormData)}
      onError={() => setSubmitted(true)}
      onSubmit={(event) => {
        setSubmitted(true);
        void send((event.formData ?? {}) as FormData);
      }}
    />
  );
}
