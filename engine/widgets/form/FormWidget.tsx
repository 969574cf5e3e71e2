import { use, useMemo, useState } from 'react';
import { withTheme } from '@rjsf/core';
import { loadForm } from 'virtual:portal-forms';
import { useActionRunner } from '../../actions/use-action-runner.ts';
import { resolveAll } from '../../definitions/bindings.ts';
import type { ActionDefinition, WidgetNode } from '../../definitions/types.ts';
import { useText } from '../../i18n/use-text.ts';
import type { WidgetProps } from '../../registry/widget-contract.ts';
import { useScreen } from '../../screens/screen-context.tsx';
import { useSession } from '../../session/store.ts';
import { translateErrors } from './error-messages.ts';
import type { PortalFormContext } from './theme/form-context.ts';
import { mantineTheme } from './theme/theme.tsx';
import { customValidateFor } from './validators.ts';

const ThemedForm = withTheme(mantineTheme);

/** `{ "widget": "form", "form": "login", "submit": { "do": "signIn", "label": "auth.login.submit" }, "initial"?: {…} }` */
interface FormNode extends WidgetNode {
  form: string;
  submit: ActionDefinition;
  initial?: Record<string, unknown>;
}

type FormData = Record<string, unknown>;

/**
 * A form definition (screens/forms/<name>.json) rendered with the Mantine theme and its
 * precompiled validator. Errors show once the user first submits, then live. Submitting runs
 * the node's action with `{ form: data }` in the context; a failure is shown above the button.
 */
export default function FormWidget({ node }: WidgetProps) {
  const { form: formName, submit, initial } = node as FormNode;
  const { definition, validator } = use(loadForm(formName));
  const { t } = useText();
  const { bindings } = useScreen();
  const run = useActionRunner({ showsOwnErrors: true });
  const limits = useSession((session) => session.config?.limits);

  const initialData = useMemo(() => resolveAll(initial, bindings), [initial, bindings]);
  const [data, setData] = useState<FormData>(initialData);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<PortalFormContext['submitError']>(null);

  const transformErrors = useMemo(() => translateErrors(t), [t]);
  const customValidate = useMemo(
    () => customValidateFor(definition.validators ?? [], definition.schema, limits ? { limits } : null, t),
    [definition, limits, t],
  );
  const formContext: PortalFormContext = { submitLabel: String(submit.label), submitting, submitError };

  async function onSubmit(formData: FormData) {
    setSubmitting(true);
    setSubmitError(null);
    try {
      const outcome = await run(submit, { form: formData });
      // The submit's `failure` (e.g. "The payment method could not be added") titles the reason.
      if (!outcome.ok && outcome.error) setSubmitError({ code: outcome.error.code, meta: outcome.error.meta, ...(submit.failure ? { summary: String(submit.failure) } : {}) });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <ThemedForm
      schema={definition.schema}
      uiSchema={definition.uiSchema ?? {}}
      validator={validator}
      formData={data}
      formContext={formContext}
      transformErrors={transformErrors}
      customValidate={customValidate}
      liveValidate={submitted ? 'onChange' : false}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      disabled={submitting}
      idPrefix={`form-${formName}`}
      onChange={(event) => setData((event.formData ?? {}) as FormData)}
      onError={() => setSubmitted(true)}
      onSubmit={(event) => {
        setSubmitted(true);
        void onSubmit((event.formData ?? {}) as FormData);
      }}
    />
  );
}
