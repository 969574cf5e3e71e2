import { useEffect, useMemo, useState } from 'react';
import { withTheme } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useText } from '../../i18n/use-text.ts';
import { useSession } from '../../session/store.ts';
import { translateErrors } from './error-messages.ts';
import type { FormProps } from './form-props.ts';
import type { PortalFormContext } from './theme/form-context.ts';
import { mantineTheme } from './theme/theme.tsx';
import { useFormSubmit } from './use-form-submit.ts';
import { customValidateFor } from './validators.ts';

const ThemedForm = withTheme(mantineTheme);

/** The steps of a form whose root uiSchema says `"ui:options": { "steps": true }`: its top-level objects, in order. */
function stepsOf(definition: FormProps['definition']): string[] {
  const options = (definition.uiSchema as { 'ui:options'?: { steps?: unknown } } | undefined)?.['ui:options'];
  if (options?.steps !== true) return [];
  const properties = (definition.schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.keys(properties).filter((name) => properties[name]?.type === 'object');
}

type FormData = Record<string, unknown>;

/**
 * A form with conditional parts, choices or sourced options, rendered by react-jsonschema-form
 * with the Mantine theme and the precompiled validator. Errors show once the user first submits,
 * then live.
 */
export default function RjsfForm({
  name,
  definition,
  validator,
  submit,
  initialData,
  hidden,
  onlyOptions,
  onSubmit,
  choicesStartEmpty,
  cancel,
  unsaved,
}: FormProps & { validator: ValidatorType }) {
  const { t } = useText();
  const limits = useSession((session) => session.config?.limits);
  const [data, setData] = useState<FormData>(initialData);
  const [submitted, setSubmitted] = useState(false);
  const { submitting, submitError, send } = useFormSubmit(onSubmit, submit.failure);
  useEffect(() => {
    unsaved?.changed(data);
  }, [unsaved, data]);
  const stepNames = useMemo(() => stepsOf(definition), [definition]);
  const [step, setStep] = useState(0);
  const stepped = stepNames.length > 1;

  const transformErrors = useMemo(() => translateErrors(t), [t]);
  const customValidate = useMemo(
    () => customValidateFor(definition.validators ?? [], definition.schema, limits ? { limits } : null, t),
    [definition, limits, t],
  );
  const formContext: PortalFormContext = {
    submitLabel: String(submit.label),
    submitting,
    submitError,
    ...(cancel ? { cancel } : {}),
    ...(stepped ? { steps: { current: step, count: stepNames.length, back: () => setStep((current) => Math.max(0, current - 1)) } } : {}),
  };
  const uiSchema = useMemo(() => {
    const base = { ...definition.uiSchema };
    // A dotted name hides a field inside an object (a step's field: "limit.kind").
    for (const field of hidden) {
      const path = field.split('.');
      let level: Record<string, unknown> = base;
      for (const name of path.slice(0, -1)) {
        const copy = { ...(level[name] as Record<string, unknown> | undefined) };
        level[name] = copy;
        level = copy;
      }
      const last = path.at(-1)!;
      level[last] = { ...(level[last] as object | undefined), 'ui:widget': 'hidden' };
    }
    // Narrowed in the UI schema, not the schema: the precompiled validator is bound to the schema as built.
    for (const [field, only] of Object.entries(onlyOptions ?? {})) {
      const ui = (base[field] ?? {}) as Record<string, unknown>;
      base[field] = { ...ui, 'ui:options': { ...(ui['ui:options'] as object | undefined), only } };
    }
    return base;
  }, [definition, hidden, onlyOptions]);

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
      onError={(errors) => {
        setSubmitted(true);
        // A stepped form shows the step of the first problem (".step1.name" is in step "step1").
        const first = errors[0]?.property?.split('.').filter(Boolean)[0];
        const index = first ? stepNames.indexOf(first) : -1;
        if (stepped && index >= 0) setStep(index);
      }}
      onSubmit={(event) => {
        setSubmitted(true);
        // Every step but the last moves on; the whole form was valid, so nothing waits behind.
        if (stepped && step < stepNames.length - 1) {
          setStep(step + 1);
          return;
        }
        // Done, a stepped form starts over at its first step.
        void (unsaved ? unsaved.submit(() => send((event.formData ?? {}) as FormData)) : send((event.formData ?? {}) as FormData)).then(
          (ok) => {
            if (ok && stepped) setStep(0);
          },
        );
      }}
    />
  );
}
