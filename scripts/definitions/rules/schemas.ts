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
import { notOneOf, type Problem } from '../problems.ts';

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

/** The widget (or action) whose block refused a property, for the message. */
function owner(document: unknown, pointer: string): string {
  const holder = valueAt(document, pointer) as { widget?: unknown; do?: unknown } | undefined;
  if (typeof holder?.widget === 'string') return ` of the ${holder.widget} widget`;
  if (typeof holder?.do === 'string') return ` of the ${holder.do} action`;
  return ' here';
}

function describe(error: ErrorObject, document: unknown): string {
  // Inside `propertyNames` (a widget's or action's own props): the name is the value refused.
  if (error.propertyName !== undefined && error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String);
    return notOneOf(error.propertyName, `a property${owner(document, error.instancePath)}`, allowed);
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String);
    return notOneOf(String(valueAt(document, error.instancePath)), 'allowed here', allowed);
  }
  if (error.keyword === 'additionalProperties') {
    const property = (error.params as { additionalProperty: string }).additionalProperty;
    const allowed = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    return allowed.length > 0
      ? notOneOf(property, `a property${owner(document, error.instancePath)}`, allowed)
      : `\`${property}\` is not a property${owner(document, error.instancePath)}`;
  }
  return error.message ?? 'is invalid';
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
      const problem = { file, pointer: error.instancePath, message: describe(error, definition) };
      const key = `${problem.pointer} ${problem.message}`;
      if (!seen.has(key)) {
        seen.add(key);
        problems.push(problem);
      }
    }
  }
  return problems;
}
