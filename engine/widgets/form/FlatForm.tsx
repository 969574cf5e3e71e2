import { lazy, use, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Stack } from '@mantine/core';
import { ERRORS_NAMESPACE } from '../../i18n/i18n.ts';
import { useText, useTexts } from '../../i18n/use-text.ts';
import { useSession } from '../../session/store.ts';
import type { FieldSpec } from './fields/field-spec.tsx';
import { PasswordField } from './fields/PasswordField.tsx';
import { TextField } from './fields/TextField.tsx';
import { flatFieldErrors } from './flat-validation.ts';
import type { CompiledValidate } from './form-definition.ts';
import { FormFooter } from './FormFooter.tsx';
import type { FormProps } from './form-props.ts';
import { useFormSubmit } from './use-form-submit.ts';

// The sign-in forms are text and password fields: the rest load only with a form that has them.
const CheckboxField = lazy(() => import('./fields/CheckboxField.tsx').then((module) => ({ default: module.CheckboxField })));
const TextareaField = lazy(() => import('./fields/TextareaField.tsx').then((module) => ({ default: module.TextareaField })));
let validators: Promise<typeof import('./validators.ts')> | undefined;
const loadValidators = () => (validators ??= import('./validators.ts'));

interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  maxLength?: number;
}
type FormData = Record<string, unknown>;

/** The fields in `ui:order` (with `*` for the rest), else the schema's order. */
function fieldOrder(properties: string[], order: unknown): string[] {
  if (!Array.isArray(order)) return properties;
  const named = order.filter((name): name is string => typeof name === 'string' && properties.includes(name));
  const rest = properties.filter((name) => !named.includes(name));
  const star = order.indexOf('*');
  return star < 0 ? [...named, ...rest] : [...named.slice(0, star), ...rest, ...named.slice(star)];
}

/**
 * A flat form (engine/build/flat-forms.ts: text, email, password, textarea and checkbox fields)
 * without react-jsonschema-form: the same neutral fields, messages and footer as the RJSF theme,
 * validated by the form's compiled schema function and named rules. Errors show once the user
 * first submits, then live; the first field in error takes the focus.
 */
export default function FlatForm({
  name,
  definition,
  validate,
  submit,
  initialData,
  hidden,
  onSubmit,
  cancel,
  unsaved,
}: FormProps & { validate: CompiledValidate }) {
  const { t } = useText();
  const texts = useTexts();
  const limits = useSession((session) => session.config?.limits);
  const [data, setData] = useState<FormData>(initialData);
  const [submitted, setSubmitted] = useState(false);
  const { submitting, submitError, send } = useFormSubmit(onSubmit, submit.failure);
  useEffect(() => {
    unsaved?.changed(data);
  }, [unsaved, data]);
  const formRef = useRef<HTMLFormElement>(null);

  const rules = definition.validators?.length ? use(loadValidators()).runValidators : undefined;
  const context = limits ? { limits } : null;
  const errorsOf = (values: FormData) => flatFieldErrors(validate, definition, values, context, t, rules);
  const errors = useMemo(() => (submitted ? errorsOf(data) : {}), [submitted, data, definition, limits, t, rules]);

  const properties = (definition.schema.properties ?? {}) as Record<string, FieldSchema>;
  const uiSchema = (definition.uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const required = new Set(definition.schema.required ?? []);
  const fieldId = (field: string) => `form-${name}_${field}`;

  // The messages are `errors` keys: a sign-in page fetches that namespace once the user starts
  // typing, so it is there when they submit.
  const errorTexts = () => texts.ready([ERRORS_NAMESPACE])?.catch(() => undefined);

  async function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await errorTexts();
    setSubmitted(true);
    const found = errorsOf(data);
    const firstInvalid = fieldOrder(Object.keys(properties), uiSchema['ui:order']).find((field) => found[field]?.length);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(firstInvalid))}`)?.focus();
      return;
    }
    if (Object.keys(found).length === 0) void (unsaved ? unsaved.submit(() => send(data)) : send(data));
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        void onFormSubmit(event);
      }}
      onChange={() => {
        void errorTexts();
      }}
      id={`form-${name}`}
    >
      <Stack gap="md">
        {fieldOrder(Object.keys(properties), uiSchema['ui:order'])
          .filter((field) => !hidden.includes(field))
          .map((field) => {
            const schema = properties[field]!;
            const ui = uiSchema[field] ?? {};
            const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
            const spec: FieldSpec = {
              id: fieldId(field),
              name: field,
              label: schema.title,
              description: (ui['ui:description'] ?? ui['ui:help'] ?? schema.description) as string | undefined,
              placeholder: ui['ui:placeholder'] as string | undefined,
              errors: errors[field] ?? [],
              required: required.has(field),
              disabled: submitting,
              readOnly: ui['ui:readonly'] === true,
              autoFocus: ui['ui:autofocus'] === true,
            };
            const change = (value: unknown) => setData((current) => ({ ...current, [field]: value }));
            const value = data[field];
            if (schema.type === 'boolean') return <CheckboxField key={field} spec={spec} value={value === true} onChange={change} />;
            const text = typeof value === 'string' ? value : undefined;
            const autoComplete = ui['ui:autocomplete'] as string | undefined;
            switch (ui['ui:widget']) {
              case 'password':
                return (
                  <PasswordField
                    key={field}
                    spec={spec}
                    value={text}
                    autoComplete={autoComplete}
                    maxLength={schema.maxLength}
                    showRules={Boolean(options.showRules)}
                    onChange={change}
                  />
                );
              case 'textarea':
                return (
                  <TextareaField
                    key={field}
                    spec={spec}
                    value={text}
                    rows={typeof options.rows === 'number' ? options.rows : undefined}
                    maxLength={schema.maxLength}
                    onChange={change}
                  />
                );
              default:
                return (
                  <TextField
                    key={field}
                    spec={spec}
                    value={text}
                    type={ui['ui:widget'] === 'email' ? 'email' : 'text'}
                    autoComplete={autoComplete}
                    maxLength={schema.maxLength}
                    onChange={change}
                  />
                );
            }
          })}
      </Stack>
      <FormFooter submitLabel={String(submit.label)} submitting={submitting} submitError={submitError} cancel={cancel} />
    </form>
  );
}
