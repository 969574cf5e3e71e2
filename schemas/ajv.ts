import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under ESM interop its function may sit on `.default`.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** One configured Ajv for our JSON Schemas (tenants, policy, definitions at build and test time, request bodies). */
export function createAjv(options: Options = {}): Ajv {
  // strictRequired is off because if/then blocks require properties declared beside them, not inside.
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, ...options });
  addFormats(ajv);
  return ajv;
}

/** "/limits/cardFeeMinor must be integer" — pointer first, so a file's error says where. */
export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map(
      (error) =>
        `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${
          error.keyword === 'additionalProperties'
            ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
            : ''
        }`,
    )
    .join('; ');
}
