import type { FastifyRequest } from 'fastify';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import type { Kysely } from 'kysely';
import type { RouteAccess } from '../auth/access.ts';
import type { DB } from '../db/schema.ts';
import { fileResponses, integer, resourceSchema, responses, singleDocument, strictObject } from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { CsvRowsRefused } from './errors.ts';
import { csvTemplate } from './export.ts';
import { commitCsv, dryRunCsv, type CsvImport, type CsvReport } from './import.ts';

export interface CsvImportRoutes<Row, Env, Lookup> {
  /** Base path: POST `<path>/dry-run`, POST `<path>` (commit), GET `<path>/template`. Never a screen's path. */
  path: string;
  /** Who may import (and download the template): the routes' `config.access`. */
  access: RouteAccess;
  /** What is imported, for the OpenAPI summaries ("invoices"). */
  what: string;
  definition: CsvImport<Row, Env, Lookup>;
  /** What the definition's callbacks get from the request (the caller, the tenant). */
  env(request: FastifyRequest): Env;
}

const problemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['row', 'code'],
  properties: { row: integer, column: { type: 'string' }, code: { type: 'string', pattern: '^errors\\.' }, meta: { type: 'object' } },
} as const;

const reportResource = resourceSchema(
  'csv-import-reports',
  strictObject({
    rows: integer,
    valid_rows: integer,
    problem_count: integer,
    written: integer,
    problems: { type: 'array', items: problemSchema },
  }),
);

const reportDocument = (id: string, report: CsvReport) => ({ data: resource('csv-import-reports', id, { ...report }) });

/**
 * The three routes of a CSV import (server/csv/README in engine/README.md "CSV import"):
 * - POST `<path>/dry-run` `{ file_name?, content }`: every check, nothing written; 200 with the
 *   report (each row's problems: line, column, i18n code); a file that cannot be read is 422.
 * - POST `<path>` the same body: all rows in one transaction, or none (422, one error per problem).
 * - GET `<path>/template`: the header contract as a CSV file with an example row.
 * The body is JSON (the CSV as text): the same CSRF, origin and control-character checks as
 * every write; its limit follows from the contract's maxChars.
 */
export function csvImportRoutes<Row, Env, Lookup>(app: SchemaTypedApp, db: Kysely<DB>, options: CsvImportRoutes<Row, Env, Lookup>): void {
  const { contract } = options.definition;
  const body = {
    type: 'object',
    additionalProperties: false,
    required: ['content'],
    properties: {
      file_name: { type: 'string', minLength: 1, maxLength: 255 },
      content: { type: 'string', minLength: 1, maxLength: contract.maxChars },
    },
  } as const;
  // JSON escapes at most double a character (a quote becomes \"), plus the fields around it.
  const bodyLimit = contract.maxChars * 2 + 16_384;

  app.post(
    `${options.path}/dry-run`,
    {
      bodyLimit,
      schema: { body, response: responses(singleDocument(reportResource), "The report: every row's problems; nothing written") },
      config: { access: options.access, summary: `Check a CSV of ${options.what} against its contract and rules, writing nothing` },
    },
    async (request, reply) => {
      const report = await dryRunCsv(db, options.definition, request.body.content, options.env(request));
      return reply.type(JSON_API).send(reportDocument('dry-run', report));
    },
  );

  app.post(
    options.path,
    {
      bodyLimit,
      schema: { body, response: responses(singleDocument(reportResource), `Every row written as ${options.what}`, 201) },
      config: { access: options.access, summary: `Import a CSV of ${options.what}: every row in one transaction, or none` },
    },
    async (request, reply) => {
      try {
        const report = await commitCsv(db, options.definition, request.body.content, options.env(request));
        return reply.status(201).type(JSON_API).send(reportDocument('commit', report));
      } catch (error) {
        if (error instanceof CsvRowsRefused) return reply.status(422).type(JSON_API).send(error.document());
        throw error;
      }
    },
  );

  app.get(
    `${options.path}/template`,
    {
      schema: { response: fileResponses(['text/csv'], `The CSV template of ${options.what}: the header and an example row`) },
      config: { access: options.access, summary: `Download the CSV template of ${options.what}` },
    },
    async (_request, reply) => {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${contract.name}-template.csv"`)
        .header('cache-control', 'private, no-store')
        .send(`\ufeff${csvTemplate(contract)}`);
    },
  );
}
