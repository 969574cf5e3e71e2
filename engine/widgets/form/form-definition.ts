import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorName } from './validator-names.ts';

/**
 * A form definition as `schemas/form.schema.json` describes it (`screens/forms/<name>.json`):
 * a JSON Schema whose titles are i18n keys, its uiSchema, and the named custom validators
 * (engine/widgets/form/validators.ts) that run with the tenant's configuration.
 */
export interface FormDefinition {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  validators?: ValidatorName[];
}

/** An error of an ahead-of-time compiled (ajv standalone) validate function. */
export interface CompiledValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** An ajv standalone validate function: no eval or new Function at run time (strict CSP). */
export type CompiledValidate = ((data: unknown) => boolean) & { errors?: CompiledValidationError[] | null };

/**
 * What `virtual:portal-forms` yields per form: the definition and its ahead-of-time compiled
 * validation. Flat forms (engine/build/flat-forms.ts) carry the root validate function and render
 * without RJSF; the others carry the RJSF validator over the standalone functions.
 */
export type PortalForm =
  | { name: string; definition: FormDefinition; flat: true; validate: CompiledValidate }
  | { name: string; definition: FormDefinition; flat: false; validator: ValidatorType };
