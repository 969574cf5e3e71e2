import { lazy, use, useCallback, useMemo } from 'react';
import { useActionRunner } from '../../actions/use-action-runner.ts';
import { loadForm } from 'virtual:portal-forms';
import { conditionHolds } from '../../../common/conditions.ts';
import { resolveNested } from '../../definitions/bindings.ts';
import { ERRORS_NAMESPACE } from '../../i18n/i18n.ts';
import { namespacesIn } from '../../i18n/namespaces.ts';
import { useTexts } from '../../i18n/use-text.ts';
import { contractProps, type WidgetProps } from '../../registry/widget-contract.ts';
import { useScreen } from '../../screens/screen-context.tsx';
import { limitedOptions, type FormNode, type FormProps } from './form-props.ts';
import type { FormSubmitter } from './use-form-submit.ts';

// Each renderer is its own chunk: the sign-in pages (flat forms) never load react-jsonschema-form.
const FlatForm = lazy(() => import('./FlatForm.tsx'));
const RjsfForm = lazy(() => import('./RjsfForm.tsx'));
// Only screens that edit a record load it, and with it the data layer: the sign-in pages stay light.
const EditForm = lazy(() => import('./EditForm.tsx'));

/**
 * A form definition (screens/forms/<name>.json) with its ahead-of-time compiled validation.
 * Flat forms (one object of text and checkbox fields) render with the light FlatForm; the rest
 * with react-jsonschema-form. Both show the same fields, messages and footer, and submit by
 * running the node's action with `{ form: data }`.
 */
export default function FormWidget({ node }: WidgetProps) {
  const { form: formName, submit, initial, hide, limitOptions } = contractProps<FormNode>(node);
  const form = use(loadForm(formName));
  // Its titles and hints, when the screen did not name their namespace itself (a tenant override);
  // RJSF translates its messages as it validates, so it needs the errors at hand (FlatForm
  // fetches them once the user starts typing).
  const texts = useTexts();
  const namespaces = namespacesIn(form.definition, texts.namespaces);
  const pendingTexts = texts.ready(form.flat ? namespaces : [...namespaces, ERRORS_NAMESPACE]);
  if (pendingTexts) use(pendingTexts);
  const { bindings } = useScreen();
  const initialData = useMemo(() => resolveNested(initial, bindings), [initial, bindings]);
  const hidden = useMemo(
    () =>
      Object.entries(hide ?? {})
        .filter(([, when]) => conditionHolds(when, bindings))
        .map(([field]) => field),
    [hide, bindings],
  );
  const onlyOptions = useMemo(() => limitedOptions(limitOptions, bindings), [limitOptions, bindings]);
  const run = useActionRunner({ showsOwnErrors: true });
  const onSubmit = useCallback<FormSubmitter>((data) => run(submit, { form: data }), [run, submit]);
  const { cancel: cancelAction, source } = contractProps<FormNode>(node);
  const cancel = useMemo(
    () =>
      cancelAction
        ? {
            label: String(cancelAction.label ?? 'common.actions.cancel'),
            run: () => {
              void run(cancelAction, {});
            },
          }
        : undefined,
    [cancelAction, run],
  );
  const props: FormProps = {
    name: formName,
    definition: form.definition,
    submit,
    initialData,
    hidden,
    onlyOptions,
    onSubmit,
    ...(cancel ? { cancel } : {}),
  };
  const render = (formProps: FormProps) =>
    form.flat ? <FlatForm {...formProps} validate={form.validate} /> : <RjsfForm {...formProps} validator={form.validator} />;
  return source ? <EditForm node={contractProps<FormNode>(node)} source={source} props={props} render={render} /> : render(props);
}
