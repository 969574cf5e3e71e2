import type { Translate } from '../../i18n/use-text.ts';
import { errorText } from './error-messages.ts';
import type { CompiledValidate, FormDefinition } from './form-definition.ts';
import type { runValidators, ValidatorContext } from './validators.ts';

/** Field name → its translated messages; empty when the data is valid. */
export type FieldErrors = Record<string, string[]>;

/**
 * A flat form's errors per field: the compiled schema validator's (required, lengths, formats)
 * and the form's named rules (`rules`: validators.ts runValidators, loaded only for a form that
 * names some), with the same messages RJSF shows for the other forms. `{{field}}` is the field's title.
 */
export function flatFieldErrors(
  validate: CompiledValidate,
  definition: FormDefinition,
  data: Record<string, unknown>,
  context: ValidatorContext | null,
  t: Translate,
  rules?: typeof runValidators,
): FieldErrors {
  const errors: FieldErrors = {};
  const titleOf = (field: string) => {
    const title = (definition.schema.properties?.[field] as { title?: string } | undefined)?.title;
    return title ? t(title) : field;
  };
  const add = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  if (!validate(data)) {
    for (const error of validate.errors ?? []) {
      const field = error.keyword === 'required' ? String(error.params.missingProperty) : (error.instancePath.split('/')[1] ?? '');
      const { key, values } = errorText({ name: error.keyword, params: error.params });
      add(field, t(key, { ...values, field: titleOf(field) }));
    }
  }
  if (context && rules && definition.validators?.length) {
    for (const issue of rules(definition.validators, data, context))
      add(issue.field, t(issue.key, { ...issue.values, field: titleOf(issue.field) }));
  }
  return errors;
}
