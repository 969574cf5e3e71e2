/**
 * Each definition file against its JSON Schema in schemas/ (the shape every other rule relies
 * on). An enum error names the value and the closest allowed one.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../../schemas/ajv.ts';
import formSchema from '../../../schemas/form.schema.json' with { type: 'json' };
import menuSchema from '../../../schemas/menu.schema.json' with { type: 'json' };
import policySchema from '../../../schemas/policy.schema.json' with { type: 'json' };
import tenantSchema from '../../../schemas/tenant.schema.json' with { type: 'json' };
import { buildScreenSchema } from '../../../engine/registry/screen-schema.ts';
import type { DefinitionFile } from '../definition-set.ts';
import type { ProblemParams } from '../../../common/definition-problems.ts';
import type { ProblemCode } from '../problem-words.ts';
import { type NotOneOfCode, notOneOf, type Problem, problemKey, type ProblemWords } from '../problems.ts';

export type SchemaName = 'screen' | 'form' | 'menu' | 'policy' | 'tenant';

// verbose: an error carries the schema it broke, so a wrong property name can be matched with the allowed ones.
const ajv = createAjv({ verbose: true });
const SCHEMAS: Record<SchemaName, object> = {
  screen: buildScreenSchema(),
  form: formSchema,
  menu: menuSchema,
  policy: policySchema,
  tenant: tenantSchema,
};
const compiled = new Map<SchemaName, ValidateFunction>();

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.compile(SCHEMAS[name]);
    compiled.set(name, validate);
  }
  return validate;
}

function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
      document,
    );
}

/** The widget (or action) whose block refused a property: what the property is not one of. */
function owner(document: unknown, pointer: string): { what: NotOneOfCode; params: ProblemParams } {
  const holder = valueAt(document, pointer) as { widget?: unknown; do?: unknown } | undefined;
  if (typeof holder?.widget === 'string') return { what: 'definitions.notOneOf.widgetProperty', params: { of: holder.widget } };
  if (typeof holder?.do === 'string') return { what: 'definitions.notOneOf.actionProperty', params: { of: holder.do } };
  return { what: 'definitions.notOneOf.property', params: {} };
}

/** Ajv's limits, by keyword, as the codes that word them. */
const LIMITS: Readonly<Record<string, ProblemCode>> = {
  maxLength: 'definitions.schema.maxLength',
  minLength: 'definitions.schema.minLength',
  maxItems: 'definitions.schema.maxItems',
  minItems: 'definitions.schema.minItems',
};

function describe(error: ErrorObject, document: unknown): ProblemWords {
  const params = error.params as Record<string, unknown>;
  // Inside `propertyNames` (a widget's or action's own props): the name is the value refused.
  if (error.propertyName !== undefined && error.keyword === 'enum') {
    const { what, params: of } = owner(document, error.instancePath);
    return notOneOf(error.propertyName, what, (params.allowedValues as unknown[]).map(String), of);
  }
  if (error.keyword === 'enum')
    return notOneOf(
      String(valueAt(document, error.instancePath)),
      'definitions.notOneOf.value',
      (params.allowedValues as unknown[]).map(String),
    );
  if (error.keyword === 'additionalProperties') {
    const property = String(params.additionalProperty);
    const allowed = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    const { what, params: of } = owner(document, error.instancePath);
    // No properties listed: the block takes none beyond what its other keywords allow; nothing to list.
    return allowed.length > 0 ? notOneOf(property, what, allowed, of) : { code: what, params: { ...of, name: property } };
  }
  const limit = LIMITS[error.keyword];
  if (limit) return { code: limit, params: { limit: String(params.limit) } };
  switch (error.keyword) {
    case 'type':
      return { code: 'definitions.schema.type', params: { type: String(params.type) } };
    case 'required':
      return { code: 'definitions.schema.required', params: { property: String(params.missingProperty) } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { code: 'definitions.schema.limit', params: { comparison: String(params.comparison), limit: String(params.limit) } };
    case 'pattern':
      return { code: 'definitions.schema.pattern', params: { pattern: String(params.pattern) } };
    case 'const':
      return { code: 'definitions.schema.const', params: {} };
    default:
      return { code: 'definitions.schema.other', params: { detail: error.message ?? 'is invalid' } };
  }
}

/**
 * The schema's errors, the most telling first: a failing oneOf/if reports every branch, so errors
 * under a deeper pointer (closer to the typo) are kept and their parents' summaries dropped.
 */
export function checkSchema(name: SchemaName, definitions: ReadonlyArray<DefinitionFile<unknown>>): Problem[] {
  const validate = validator(name);
  const problems: Problem[] = [];
  for (const { file, definition } of definitions) {
    if (validate(definition)) continue;
    // `propertyNames` only summarises the enum error beneath it, which names the property.
    const errors = (validate.errors ?? []).filter((error) => !['if', 'oneOf', 'anyOf', 'propertyNames'].includes(error.keyword));
    const seen = new Set<string>();
    for (const error of errors.length > 0 ? errors : (validate.errors ?? [])) {
      const problem = { file, pointer: error.instancePath, ...describe(error, definition) };
      const key = `${problem.pointer} ${problemKey(problem)}`;
      if (!seen.has(key)) {
        seen.add(key);
        problems.push(problem);
      }
    }
  }
  return problems;
}
