import { ErrorCode } from '../../domain/error-codes.ts';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestApi, type TestApi } from '../support/api.ts';

/**
 * Issue 22: bad input always gets a translated 4xx JSON:API error, whatever the bytes, depth or
 * size. Every operation of the OpenAPI document, as an anonymous caller and as signed-in users,
 * gets deeply nested JSON, huge integers in every integer (and every digit string in every
 * string), bad UTF-8 and over-long path parameters; no answer may be a 5xx, and every 4xx must be
 * a JSON:API error document whose code the English locale translates.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minItems?: number;
  minLength?: number;
  minimum?: number;
};
interface Parameter {
  name: string;
  in: string;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

/** A request of the fuzz run, described for the failure list. */
interface Probe {
  what: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** Past PostgreSQL's bigint (9223372036854775807) and JavaScript's safe integers. */
const HUGE_INTEGER = '100000000000000000000';
/** 20 digits: fits a 20-character string field, not a bigint. */
const HUGE_DIGITS = '99999999999999999999';
const NESTING_DEPTH = 10_000;
const nestedArray = `${'['.repeat(NESTING_DEPTH)}${']'.repeat(NESTING_DEPTH)}`;
const nestedObject = `${'{"a":'.repeat(NESTING_DEPTH)}1${'}'.repeat(NESTING_DEPTH)}`;
/** A path parameter value, as it goes into the URL: over-long, bad UTF-8, bad percent-encoding, huge numbers. */
const BAD_PATH_VALUES = ['x'.repeat(1_000), '%C3%28', '%FF%FE', '%E0%A4%A', '%', '%%', '%00', HUGE_DIGITS, HUGE_INTEGER, '-1', '1.5'];
/** A JSON body that is not UTF-8. */
const BAD_UTF8_BODY = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]);

function flattenKeys(value: unknown, prefix: string, into: Set<string>): Set<string> {
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) flattenKeys(inner, `${prefix}.${key}`, into);
  } else {
    into.add(prefix);
  }
  return into;
}
const englishErrorKeys = flattenKeys(JSON.parse(readFileSync('locales/en/errors.json', 'utf8')), 'errors', new Set());

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: Object.values(operation.requestBody?.content ?? {})[0]?.schema,
    })),
  );
}

/** The schema's alternatives (anyOf/oneOf), or the schema itself. */
const alternatives = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [schema];
const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A value the schema accepts, as far as a plain generator gets (patterns through fast-check), seeded so runs repeat. */
function example(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const first = alternatives(schema).find((alternative) => !typesOf(alternative).includes('null')) ?? alternatives(schema)[0]!;
  if (first !== schema) return example(first);
  const type = typesOf(schema)[0];
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, example(property)]));
  }
  if (type === 'array') return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => example(schema.items ?? {}));
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'date') return '2026-11-23';
  if (schema.format === 'date-time') return '2026-11-23T12:00:00.000Z';
  if (schema.pattern) return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 22 })[0];
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** JSON pointers (as key lists) of every integer and every string leaf of the schema. */
function leaves(schema: JsonSchema, at: Array<string | number> = []): Array<{ at: Array<string | number>; kinds: string[] }> {
  const found: Array<{ at: Array<string | number>; kinds: string[] }> = [];
  const kinds = new Set(alternatives(schema).flatMap(typesOf));
  if (schema.properties) {
    for (const [name, property] of Object.entries(schema.properties)) found.push(...leaves(property, [...at, name]));
  }
  if (schema.items) found.push(...leaves(schema.items, [...at, 0]));
  const scalarKinds = [...kinds].filter((kind) => kind === 'integer' || kind === 'number' || kind === 'string');
  if (scalarKinds.length > 0 && at.length > 0) found.push({ at, kinds: scalarKinds });
  return found;
}

/**
 * The JSON text of `body` with the value at `at` replaced by the raw JSON `raw` (a number
 * JSON.stringify cannot write exactly); undefined where the example took another alternative.
 */
function withRawValue(body: unknown, at: Array<string | number>, raw: string): string | undefined {
  const marker = '\u2063marker\u2063';
  const copy = structuredClone(body);
  let target: unknown = copy;
  for (const key of at.slice(0, -1))
    target = typeof target === 'object' && target !== null ? (target as Record<string | number, unknown>)[key] : undefined;
  if (typeof target !== 'object' || target === null) return undefined;
  (target as Record<string | number, unknown>)[at.at(-1)!] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

/** The path with each {parameter} set from `values` (already URL-encoded) or an id that exists nowhere. */
function pathWith(operation: Operation, values: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (values[name] !== undefined) return values[name]!;
    const schema = operation.parameters.find((parameter) => parameter.name === name)?.schema ?? {};
    return schema.pattern?.includes('json') ? 'nowhere.json' : '987654321';
  });
}

function probesOf(operation: Operation): Probe[] {
  const { method } = operation;
  const probes: Probe[] = [];
  const url = pathWith(operation);
  if (method !== 'GET' && method !== 'HEAD') {
    for (const contentType of ['application/json', 'application/vnd.api+json']) {
      probes.push({ what: `array nested ${NESTING_DEPTH} deep (${contentType})`, method, url, payload: nestedArray, contentType });
      probes.push({ what: `object nested ${NESTING_DEPTH} deep (${contentType})`, method, url, payload: nestedObject, contentType });
    }
    probes.push({ what: 'bad UTF-8 body', method, url, payload: BAD_UTF8_BODY, contentType: 'application/json' });
    probes.push({ what: 'empty JSON body', method, url, payload: '', contentType: 'application/json' });
  }
  if (operation.body) {
    const base = example(operation.body);
    for (const leaf of leaves(operation.body)) {
      const where = `/${leaf.at.join('/')}`;
      const replacements = [
        ...(leaf.kinds.includes('integer') || leaf.kinds.includes('number') ? [['huge integer', HUGE_INTEGER]] : []),
        ...(leaf.kinds.includes('string') ? [['huge digit string', JSON.stringify(HUGE_DIGITS)]] : []),
      ];
      for (const [what, raw] of replacements) {
        const payload = withRawValue(base, leaf.at, raw!);
        if (payload !== undefined) probes.push({ what: `${what} at ${where}`, method, url, payload, contentType: 'application/json' });
      }
    }
  }
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      for (const value of BAD_PATH_VALUES) {
        probes.push({
          what: `path parameter ${parameter.name}=${value.slice(0, 20)}`,
          method,
          url: pathWith(operation, { [parameter.name]: value }),
          ...bodyOf(operation),
        });
      }
    }
    if (parameter.in === 'query') {
      for (const value of [HUGE_DIGITS, '%C3%28', 'x'.repeat(5_000)]) {
        probes.push({
          what: `query ${parameter.name}=${value.slice(0, 20)}`,
          method,
          url: `${url}?${encodeURIComponent(parameter.name)}=${value}`,
          ...bodyOf(operation),
        });
      }
    }
  }
  return probes;
}

/** A plausible body for probes of the path and query, so the body is not what gets refused. */
function bodyOf(operation: Operation): Pick<Probe, 'payload' | 'contentType'> {
  if (!operation.body) return {};
  return { payload: JSON.stringify(example(operation.body)), contentType: 'application/json' };
}

/** What is wrong with the answer, or undefined when it is a 2xx/3xx or a translated JSON:API 4xx. */
function problemOf(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return undefined;
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/vnd.api+json'))
    return `${response.statusCode} as ${contentType || 'no media type'}: ${response.body.slice(0, 120)}`;
  let code: unknown;
  try {
    code = (JSON.parse(response.body) as { errors?: Array<{ code?: unknown }> }).errors?.[0]?.code;
  } catch {
    return `${response.statusCode} body is not JSON: ${response.body.slice(0, 120)}`;
  }
  if (typeof code !== 'string' || !englishErrorKeys.has(code))
    return `${response.statusCode} with code ${String(code)}, not an English error key`;
  return undefined;
}

async function send(client: ApiClient, probe: Probe): Promise<LightMyRequestResponse> {
  return client.request(probe.method as 'GET', probe.url, probe.payload, probe.contentType ? { 'content-type': probe.contentType } : {});
}

/** A caller of the run; signed-in ones know how to sign in again after a probe signed them out (POST /auth/logout takes any body). */
interface Caller {
  who: string;
  client: ApiClient;
  signIn?: () => Promise<unknown>;
}

let api: TestApi;
let operations: Operation[];
const callers: Caller[] = [];

function signedInCaller(username: string, customer?: string): Caller {
  const client = api.client();
  return { who: username, client, signIn: () => (customer ? client.loginWithCustomer(username, customer) : client.login(username)) };
}

beforeAll(async () => {
  api = await startTestApi();
  operations = operationsOf((await api.client().get('/openapi.json')).json());
  callers.push({ who: 'anonymous', client: api.client() }, signedInCaller('admin', 'C-1001'), signedInCaller('dealer'));
  for (const caller of callers) await caller.signIn?.();
});
afterAll(async () => {
  await api?.close();
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('lists the API', () => {
    expect(operations.length).toBeGreaterThan(90);
  });

  it('answers no 5xx and only translated JSON:API errors, anonymous or signed in', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      for (const probe of probesOf(operation)) {
        for (const caller of callers) {
          let response = await send(caller.client, probe);
          // A probe may end the session (a sign-out, a password change): sign in again. The operator's
          // service routes answer 401 to every portal user, whose session is still fine.
          const serviceRefusal = response.body.includes(ErrorCode.operatorCredentialInvalid);
          if (caller.signIn && response.statusCode === 401 && operation.path !== '/auth/login' && !serviceRefusal) {
            await caller.signIn();
            response = await send(caller.client, probe);
          }
          sent += 1;
          const problem = problemOf(response);
          if (problem) problems.push(`${caller.who} ${operation.method} ${operation.path} ${probe.what}: ${problem}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(problems).toEqual([]);
  });
});
