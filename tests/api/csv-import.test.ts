import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { CsvContract } from '../../server/csv/contract.ts';
import type { CsvImport } from '../../server/csv/import.ts';
import { csvImportRoutes } from '../../server/csv/routes.ts';
import { ERROR_DOCUMENT_ID, errorDocumentSchema } from '../../server/http/api-schema.ts';
import { ApiError, handleError } from '../../server/http/errors.ts';
import { startTestApi, type TestApi } from '../support/api.ts';

/**
 * The shared CSV machinery (server/csv/) over HTTP, on the real database: a probe import of
 * "parts" whose rules use every hook (schema, prepare, checkRow, write), mounted on a bare
 * Fastify app with the portal's error handler.
 */
interface Part {
  sku: string;
  quantity: number;
  bin?: string;
}
interface Env {
  failOnSku?: string;
}

const contract: CsvContract = {
  name: 'parts',
  maxRows: 2_000,
  maxChars: 200_000,
  columns: [
    { name: 'sku', required: true, schema: { type: 'string', pattern: '^P-[0-9]{1,6}$' }, example: 'P-1' },
    { name: 'quantity', required: true, schema: { type: 'integer', minimum: 1, maximum: 1000 }, example: '5' },
    { name: 'bin', schema: { type: 'string', maxLength: 8 }, example: 'A1' },
  ],
};

let api: TestApi;
let app: FastifyInstance;
const env: Env = {};

const partsImport: CsvImport<Part, Env, Set<string>> = {
  contract,
  // Skus already stored: one query for the whole file.
  async prepare(db) {
    const { rows } = await sql<{ sku: string }>`select sku from csv_probe`.execute(db);
    return new Set(rows.map((row) => row.sku));
  },
  checkRow({ row, value }, existing) {
    return existing.has(value.sku) ? [{ row, column: 'sku', code: ErrorCode.csvDuplicateValue, meta: { field: 'sku', other: 0 } }] : [];
  },
  async write(trx, rows, _existing, callEnv) {
    for (const { value } of rows) {
      await sql`insert into csv_probe (sku, quantity, bin) values (${value.sku}, ${value.quantity}, ${value.bin ?? null})`.execute(trx);
      if (value.sku === callEnv.failOnSku) throw new ApiError(409, ErrorCode.invalidRequest);
    }
    return rows.length;
  },
};

const stored = async () => Number((await sql<{ n: number }>`select count(*)::int as n from csv_probe`.execute(api.db)).rows[0]?.n);
const post = (url: string, content: string) => app.inject({ method: 'POST', url, payload: { file_name: 'parts.csv', content } });
const fileOf = (lines: string[]) => `sku,quantity,bin\r\n${lines.join('\r\n')}\r\n`;

beforeAll(async () => {
  api = await startTestApi();
  await sql`create table csv_probe (sku text primary key, quantity integer not null, bin text)`.execute(api.db);
  app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true } } });
  app.setErrorHandler(handleError);
  // As server/http/openapi.ts sets them up: the shared error document, responses sent as they are.
  app.addSchema({ $id: ERROR_DOCUMENT_ID, ...errorDocumentSchema });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  csvImportRoutes(app, api.db, {
    path: '/part-imports',
    access: { signedIn: true },
    what: 'parts',
    definition: partsImport,
    env: () => env,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await api?.close();
});

describe('dry run', () => {
  it('reports each bad row with its line, column and translated code, and writes nothing', async () => {
    await sql`insert into csv_probe (sku, quantity) values ('P-9', 1)`.execute(api.db);
    const response = await post(
      '/part-imports/dry-run',
      fileOf(['P-1,5,A1', 'X-2,0,A2', 'P-3,7,FAR-TOO-LONG', 'P-9,1,', 'P-4,2,B1,extra', ',3,']),
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data.attributes;
    expect(report).toEqual({
      rows: 6,
      valid_rows: 1,
      problem_count: 6,
      written: 0,
      problems: [
        { row: 3, column: 'sku', code: ErrorCode.validationPattern, meta: { field: 'sku' } },
        { row: 3, column: 'quantity', code: ErrorCode.validationMinimum, meta: { field: 'quantity', limit: 1 } },
        { row: 4, column: 'bin', code: ErrorCode.validationMaxLength, meta: { field: 'bin', limit: 8 } },
        { row: 5, column: 'sku', code: ErrorCode.csvDuplicateValue, meta: { field: 'sku', other: 0 } },
        { row: 6, code: ErrorCode.csvColumnCount, meta: { expected: 3, found: 4 } },
        { row: 7, column: 'sku', code: ErrorCode.fieldRequired, meta: { field: 'sku' } },
      ],
    });
    expect(await stored()).toBe(1);
  });

  it('refuses a file that breaks the header contract as a whole (422, the columns named)', async () => {
    const response = await post('/part-imports/dry-run', 'sku,colour\r\nP-1,red\r\n');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: ErrorCode.csvUnknownColumns,
      meta: { columns: 'colour' },
      source: { pointer: '/content' },
    });
  });
});

describe('commit', () => {
  it('writes nothing when one row is bad, and lists the problems as errors', async () => {
    const before = await stored();
    const lines = Array.from({ length: 50 }, (_, index) => `P-${100 + index},1,`);
    lines[30] = 'P-130,abc,';
    const response = await post('/part-imports', fileOf(lines));
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors[0]).toMatchObject({ code: ErrorCode.csvRowsInvalid, meta: { problems: 1, rows: 1 } });
    expect(errors[1]).toMatchObject({
      code: ErrorCode.validationType,
      source: { pointer: '/rows/32/quantity' },
      meta: { row: 32, column: 'quantity' },
    });
    expect(await stored()).toBe(before);
  });

  it('rolls back the rows already written when writing fails part way', async () => {
    const before = await stored();
    env.failOnSku = 'P-203';
    try {
      const response = await post('/part-imports', fileOf(['P-201,1,', 'P-202,1,', 'P-203,1,', 'P-204,1,']));
      expect(response.statusCode).toBe(409);
    } finally {
      delete env.failOnSku;
    }
    expect(await stored()).toBe(before);
  });

  it('writes every row of a good 1,000-row file in one go', async () => {
    const before = await stored();
    const lines = Array.from({ length: 1000 }, (_, index) => `P-${5000 + index},${(index % 1000) + 1},B${index % 10}`);
    const response = await post('/part-imports', fileOf(lines));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.attributes).toMatchObject({ rows: 1000, valid_rows: 1000, problem_count: 0, written: 1000 });
    expect(await stored()).toBe(before + 1000);
    const { rows } = await sql<{ quantity: number; bin: string }>`select quantity, bin from csv_probe where sku = 'P-5999'`.execute(api.db);
    expect(rows).toEqual([{ quantity: 1000, bin: 'B9' }]);
  });

  it('refuses a body without content, and more rows than the contract allows', async () => {
    expect((await app.inject({ method: 'POST', url: '/part-imports', payload: { file_name: 'x.csv' } })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 2001 }, (_, index) => `P-${index},1,`);
    const response = await post('/part-imports', fileOf(tooMany));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ code: ErrorCode.csvTooManyRows, meta: { maximum: 2000, found: 2001 } });
  });
});

describe('template', () => {
  it('is the header contract with an example row, as a CSV attachment', async () => {
    const response = await app.inject({ method: 'GET', url: '/part-imports/template' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="parts-template.csv"');
    expect(response.body).toBe('\ufeffsku,quantity,bin\r\nP-1,5,A1\r\n');
  });
});
