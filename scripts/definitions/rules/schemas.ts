/**
 * Each definition file against its JSON Schema in schemas/ (the shape every other rule relies
 * on). An enum error names the value and the closest allowed one.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../../schemas/ajv.ts';
import formSchema from '../../../schemas/form.schema.json' with { type: 'json' };
import menuSchema from '../../../schemas/menu.schema.json' with { type: 'json' };
import policySchema from '../../../schemas/policy.schema.json' with { type: 'json' };
import screenSchema from '../../../schemas/screen.schema.json' with { type: 'json' };
import tenantSchema from '../../../schemas/tenant.schema.json' with { type: 'json' };
import type { DefinitionFile } from '../definition-set.ts';
import { notOneOf, type Problem } from '../problems.ts';

export type SchemaName = 'screen' | 'form' | 'menu' | 'policy' | 'tenant';

const ajv = createAjv();
const SCHEMAS: Record<SchemaName, object> = { screen: screenSchema, form: formSchema, menu: menuSchema, policy: policySchema, tenant: tenantSchema };
const compiled = new Map<SchemaName, ValidateFunction>();

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) { validate = ajv.compile(SCHEMAS[name]); compiled.set(name, validate); }
  return validate;
}

function valueAt(document: unknown, pointer: string): unknown {
  return pointer.split('/').slice(1).reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
}

function describe(error: ErrorObject, document: unknown): string {
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String);
    return notOneOf(String(valueAt(document, error.instancePath)), 'allowed here', allowed);
  }
  if (error.keyword === 'additionalProperties') {
    const property = (error.params as { additionalProperty: string }).additionalProperty;
    return `\`${property}\` is not a property allowed here`;
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
    const errors = (validate.errors ?? []).filter((error) => !['if', 'oneOf', 'anyOf'].includes(error.keyword));
    const seen = new Set<string>();
    for (const error of errors.length > 0 ? errors : validate.errors ?? []) {
      const problem = { file, pointer: error.instancePath, message: describe(error, definition) };
      const key = `${problem.pointer} ${problem.message}`;
      if (!seen.has(key)) { seen.add(key); problems.push(problem); }
    }
  }
  return problems;
}
