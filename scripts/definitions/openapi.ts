/**
 * The part of the API's OpenAPI document (scripts/openapi/document.ts) the definition check reads,
 * and the questions it asks of it: which operation a definition's path names, which fields its
 * rows have, which parameters it takes, which body it accepts.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  then?: JsonSchema;
  else?: JsonSchema;
  [keyword: string]: unknown;
}

export interface Parameter {
  name: string;
  in: string;
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, Operation>>>;
}

/** An operation a definition names, with the document's path for messages ("GET /invoices"). */
export interface NamedOperation {
  label: string;
  operation: Operation;
}

const BINDING_IN_SEGMENT = /\{[^}]+\}/;

/**
 * Whether a definition's path segment can name an OpenAPI one: equal, any value for a parameter
 * (`{trx_id}`), or a binding inside the segment standing for any text
 * (`{session.dispute_side}-disputes` names both `customer-disputes` and `merchant-disputes`).
 */
function segmentMatches(part: string, segment: string): boolean {
  if (part === segment || (/^\{[^}]+\}$/.test(segment) && part !== '')) return true;
  if (!BINDING_IN_SEGMENT.test(part)) return false;
  const pattern = part
    .split(/\{[^}]+\}/)
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(segment);
}

/** The document's paths a definition's path may name (several when a binding picks the side). */
export function matchingPaths(document: OpenApiDocument, path: string): string[] {
  const parts = path.split('?')[0]!.split('/');
  return Object.keys(document.paths).filter((candidate) => {
    const segments = candidate.split('/');
    return segments.length === parts.length && segments.every((segment, index) => segmentMatches(parts[index]!, segment));
  });
}

/** The operations `METHOD path` names; empty when the API has none (the caller says what it has instead). */
export function operationsFor(document: OpenApiDocument, method: Method, path: string): NamedOperation[] {
  return matchingPaths(document, path).flatMap((candidate) => {
    const operation = document.paths[candidate]![method];
    return operation ? [{ label: `${method.toUpperCase()} ${candidate}`, operation }] : [];
  });
}

/** Every `METHOD path` of the document, for did-you-mean. */
export function allOperations(document: OpenApiDocument, method: Method): string[] {
  return Object.entries(document.paths)
    .filter(([, item]) => item[method])
    .map(([path]) => path);
}

/** The properties a schema may have, over its combinators (allOf, anyOf, oneOf, if/then/else). */
export function schemaProperties(schema: JsonSchema | undefined): Map<string, JsonSchema> {
  const properties = new Map<string, JsonSchema>();
  if (!schema) return properties;
  for (const [name, property] of Object.entries(schema.properties ?? {})) properties.set(name, property);
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), schema.then, schema.else]) {
    for (const [name, property] of schemaProperties(branch)) if (!properties.has(name)) properties.set(name, property);
  }
  return properties;
}

/** The top-level fields of an operation's success response (`data`, `meta`, `links`). */
export function responseFields(operation: Operation): Map<string, JsonSchema> {
  return schemaProperties(successSchema(operation));
}

function successSchema(operation: Operation): JsonSchema | undefined {
  const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status))?.[1];
  return Object.values(success?.content ?? {})[0]?.schema;
}

/**
 * The attributes of the resources an operation answers with (JSON:API: `data` is one resource
 * object or a list of them), the record a table row, a detail or a `{record.x}` reads; with
 * `each` (a stat's `"each": "meta.totals"`), the items of that list in the response instead.
 */
export function resourceAttributes(operation: Operation, each?: string): Map<string, JsonSchema> {
  if (each) {
    const list = each
      .split('.')
      .reduce<JsonSchema | undefined>((schema, key) => schemaProperties(schema).get(key), successSchema(operation));
    return schemaProperties(list?.items ?? list);
  }
  const data = schemaProperties(successSchema(operation)).get('data');
  const resource = data?.items ?? data;
  return schemaProperties(schemaProperties(resource).get('attributes'));
}

/**
 * Where a dotted field path (`ageing.current.amount_minor`) leaves the schema: the missing segment
 * and the names allowed there; undefined when the path is there (or reaches a free object).
 */
export function missingField(fields: ReadonlyMap<string, JsonSchema>, path: string): { segment: string; allowed: string[] } | undefined {
  let level: ReadonlyMap<string, JsonSchema> = fields;
  for (const segment of path.split('.')) {
    const schema = level.get(segment);
    if (!schema) return { segment, allowed: [...level.keys()] };
    level = schemaProperties(schema.items ?? schema);
    if (level.size === 0) return undefined;
  }
  return undefined;
}

/** The query parameters an operation takes, by name (`filter[status]`, `page[size]`). */
export function queryParameters(operation: Operation): Map<string, Parameter> {
  return new Map(
    (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter]),
  );
}

/** The JSON body an operation accepts (its first media type; they share one schema). */
export function requestBodySchema(operation: Operation): JsonSchema | undefined {
  return Object.values(operation.requestBody?.content ?? {})[0]?.schema;
}
