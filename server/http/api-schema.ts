/**
 * JSON Schema building blocks of the API's documents (JSON:API, spec §7). Routes put them in
 * their `schema.response`, @fastify/swagger turns them into the OpenAPI document, and
 * tests/api/openapi-responses.test.ts validates real responses against them.
 *
 * Fastify does not serialise with these schemas (see server/http/openapi.ts): they document and
 * are checked by that test, so a schema that lags behind a serialiser fails a test instead of
 * silently dropping an attribute.
 */
import { JSON_API } from './jsonapi.ts';

/** Any JSON Schema; the builders below only compose them. */
export type Schema = Readonly<Record<string, unknown>>;

/** A nullable variant of a schema with a single `type` (OpenAPI 3.1: `type: [t, 'null']`). */
export function nullable<S extends { readonly type: string }>(schema: S) {
  return { ...schema, type: [schema.type, 'null'] } as const;
}

export const text = { type: 'string' } as const;
export const nullableText = { type: ['string', 'null'] } as const;
export const integer = { type: 'integer' } as const;
export const nullableInteger = { type: ['integer', 'null'] } as const;
export const boolean = { type: 'boolean' } as const;
/** YYYY-MM-DD, as the database's date columns come out. */
export const day = { type: 'string', format: 'date' } as const;
export const nullableDay = { type: ['string', 'null'], format: 'date' } as const;
/** ISO 8601 instant (Date#toISOString). */
export const instant = { type: 'string', format: 'date-time' } as const;
export const nullableInstant = { type: ['string', 'null'], format: 'date-time' } as const;
/** "Y"/"N" flags of the spec's contract. */
export const yesNo = { type: 'string', enum: ['Y', 'N'] } as const;
export const textList = { type: 'array', items: text } as const;

/**
 * The largest row id a request may name (every id column is a bigserial). Fifteen digits stay
 * exact as a JavaScript number (below 2^53) and far inside PostgreSQL's bigint, so no id from a
 * request reaches a query out of range (issue 22 item 8: 1e20 in an id list answered 500 "out of
 * range for type bigint"). Request schemas name ids through idInteger and idDigits only.
 */
export const MAX_ID = 999_999_999_999_999;
/** A row id as a JSON number. */
export const idInteger = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
/** A row id as text (path parameters, and fields that take either form): 1 to MAX_ID, no leading zero. */
export const idDigits = { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } as const;

/**
 * An object whose every property is listed and required, and nothing else allowed:
 * the shape of a serialiser's output. `optional` names properties a serialiser may leave out.
 */
export function strictObject<const P extends Record<string, Schema>, O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
) {
  const required = Object.keys(properties).filter((name) => !(optional as readonly string[]).includes(name)) as Array<
    Exclude<keyof P & string, O>
  >;
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

/** A JSON:API resource object of `type` with these attributes. */
export function resourceSchema<const T extends string, const A extends Schema>(type: T, attributes: A) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'id', 'attributes'],
    properties: { type: { type: 'string', const: type }, id: { type: 'string' }, attributes },
  } as const;
}

/** meta.page of a paged list (server/http/jsonapi.ts pageMeta). */
export const pageMetaSchema = strictObject({
  number: { type: 'integer', minimum: 1 },
  size: { type: 'integer', minimum: 1 },
  total: { type: 'integer', minimum: 0 },
  pages: { type: 'integer', minimum: 0 },
});

interface DocumentOptions {
  meta?: Schema;
  metaOptional?: boolean;
  description?: string;
}

/** A JSON:API document whose `data` is `data`, with `meta` when the route sends one. */
export function documentSchema(data: Schema, options: DocumentOptions = {}) {
  const properties: Record<string, Schema> = { data };
  if (options.meta) properties.meta = options.meta;
  const required = options.meta && !options.metaOptional ? ['data', 'meta'] : ['data'];
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

/** A document carrying one resource. */
export const singleDocument = (resource: Schema, options?: DocumentOptions) => documentSchema(resource, options);

/** A document carrying a list of resources. */
export const listDocument = (resource: Schema, options?: DocumentOptions) => documentSchema({ type: 'array', items: resource }, options);

/** A paged list: data plus meta.page. */
export const pagedDocument = (resource: Schema) => listDocument(resource, { meta: strictObject({ page: pageMetaSchema }) });

/** server/http/errors.ts errorDocument: every refusal, its code an i18n key of the spec §8 catalogue. */
export const errorDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['status', 'code', 'title'],
        properties: {
          status: { type: 'string', pattern: '^[45][0-9]{2}$' },
          code: { type: 'string', pattern: '^errors\\.' },
          title: { type: 'string' },
          source: strictObject({ pointer: text, parameter: text, header: text }, ['pointer', 'parameter', 'header']),
          meta: { type: 'object' },
        },
      },
    },
  },
} as const;

/** The $id under which the error document is shared (app.addSchema): one component, referenced by every operation. */
export const ERROR_DOCUMENT_ID = 'ErrorDocument';

const errorResponse = {
  description: 'JSON:API errors whose code is an i18n key of the error catalogue (spec §8)',
  content: { [JSON_API]: { schema: { $ref: `${ERROR_DOCUMENT_ID}#` } } },
} as const;

/**
 * `schema.response` of a route: its success document under `status` (200 unless told) and the
 * JSON:API error document for every 4xx. `null` documents an empty body (204).
 */
export function responses(success: Schema | null, description: string, status: 200 | 201 | 202 | 204 = 200) {
  const ok = success === null ? { description, type: 'null' } : { description, content: { [JSON_API]: { schema: success } } };
  return { [status]: ok, '4xx': errorResponse };
}

/** `schema.response` of a download: the bytes in one of `mediaTypes` (ranges such as image/* allowed), JSON:API errors for 4xx. */
export function fileResponses(mediaTypes: readonly string[], description: string) {
  const content = Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  return { 200: { description, content }, '4xx': errorResponse };
}

/** A document of `meta` alone (no primary data): acknowledgements and redirects. */
export const metaDocument = (meta: Schema) =>
  ({ type: 'object', additionalProperties: false, required: ['meta'], properties: { meta } }) as const;

/** The 4xx error response alone, added to routes that document no response of their own. */
export const defaultErrorResponse = errorResponse;
