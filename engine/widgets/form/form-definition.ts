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

/** What `virtual:portal-forms` yields per form: the definition and its ahead-of-time compiled validator. */
export interface PortalForm {
  name: string;
  definition: FormDefinition;
  /** RJSF validator over the standalone ajv functions: no eval or new Function at run time (strict CSP). */
  validator: ValidatorType;
}
