import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { ApiError } from '../http/errors.ts';
import type { CsvContract } from './contract.ts';
import { csvDecimal, csvTemplate, neutraliseCell, stringifyCsv } from './export.ts';
import { parseCsv } from './parse.ts';
import { rowValidator } from './validate.ts';

const contract: CsvContract = {
  name: 'things',
  maxRows: 3,
  maxChars: 2_000,
  columns: [
    { name: 'code', required: true, schema: { type: 'string', pattern: '^[A-Z]{2}-[0-9]+$', maxLength: 10 }, example: 'AB-1' },
    { name: 'count', required: true, schema: { type: 'integer', minimum: 1, maximum: 99 }, example: '3' },
    { name: 'kind', schema: { type: 'string', enum: ['a', 'b'] }, example: 'a' },
    { name: 'note', schema: { type: 'string', maxLength: 20 } },
  ],
};

function refusal(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('parseCsv', () => {
  it('reads a header and rows, with their line numbers, dropping the BOM, blank lines and empty cells', () => {
    const parsed = parseCsv('\ufeffcode,count,note\r\nAB-1,2,"hello, world"\r\n\r\nCD-2,3,\r\n', contract);
    expect(parsed.problems).toEqual([]);
    expect(parsed.records).toEqual([
      { row: 2, cells: { code: 'AB-1', count: '2', note: 'hello, world' } },
      { row: 4, cells: { code: 'CD-2', count: '3' } },
    ]);
  });

  it('takes the delimiter the header uses (semicolons from spreadsheets, tabs)', () => {
    expect(parseCsv('code;count\nAB-1;2\n', contract).records[0]?.cells).toEqual({ code: 'AB-1', count: '2' });
    expect(parseCsv('code\tcount\nAB-1\t2\n', contract).records[0]?.cells).toEqual({ code: 'AB-1', count: '2' });
  });

  it('refuses a file whose header breaks the contract, naming the columns', () => {
    expect(refusal(() => parseCsv('code,colour\nAB-1,red\n', contract))).toMatchObject({
      status: 422,
      code: ErrorCode.csvUnknownColumns,
      meta: { columns: 'colour' },
    });
    expect(refusal(() => parseCsv('code\nAB-1\n', contract))).toMatchObject({
      code: ErrorCode.csvMissingColumns,
      meta: { columns: 'count' },
    });
    expect(refusal(() => parseCsv('code,count,code\nAB-1,2,AB-2\n', contract))).toMatchObject({
      code: ErrorCode.csvRepeatedColumns,
      meta: { columns: 'code' },
    });
  });

  it('needs an inHeader column in the header but lets its cells be empty', () => {
    const continued: CsvContract = {
      ...contract,
      columns: [...contract.columns, { name: 'group', inHeader: true, schema: { type: 'string' } }],
    };
    expect(refusal(() => parseCsv('code,count\nAB-1,2\n', continued))).toMatchObject({
      code: ErrorCode.csvMissingColumns,
      meta: { columns: 'group' },
    });
    const parsed = parseCsv('code,count,group\nAB-1,2,\n', continued);
    expect(rowValidator(continued)(parsed.records[0]!).problems).toEqual([]);
  });

  it('refuses empty, malformed, too long and too large files', () => {
    expect(refusal(() => parseCsv('code,count\n', contract)).code).toBe(ErrorCode.csvEmpty);
    expect(refusal(() => parseCsv('code,count\n"AB-1,2\n', contract)).code).toBe(ErrorCode.csvMalformed);
    expect(refusal(() => parseCsv('code,count\nA,1\nB,1\nC,1\nD,1\n', contract))).toMatchObject({
      code: ErrorCode.csvTooManyRows,
      meta: { maximum: 3, found: 4 },
    });
    expect(refusal(() => parseCsv(`code,count\n${'x'.repeat(2_000)}\n`, contract)).code).toBe(ErrorCode.csvTooLarge);
  });

  it('reports a row with more cells than the header as a problem of that row', () => {
    const parsed = parseCsv('code,count\nAB-1,2,9\nCD-2,3\n', contract);
    expect(parsed.problems).toEqual([{ row: 2, code: ErrorCode.csvColumnCount, meta: { expected: 2, found: 3 } }]);
    expect(parsed.records.map((record) => record.row)).toEqual([3]);
  });
});

describe('rowValidator', () => {
  const validate = rowValidator<{ code: string; count: number; kind?: string }>(contract);

  it('types a valid row (integers converted)', () => {
    expect(validate({ row: 2, cells: { code: 'AB-1', count: '7', kind: 'b' } })).toEqual({
      value: { code: 'AB-1', count: 7, kind: 'b' },
      problems: [],
    });
  });

  it('reports one translated problem per column, with the column as the field and the limit', () => {
    const result = validate({ row: 5, cells: { code: 'nope', count: '120', kind: 'z' } });
    expect(result.value).toBeUndefined();
    expect(result.problems).toEqual([
      { row: 5, column: 'code', code: ErrorCode.validationPattern, meta: { field: 'code' } },
      { row: 5, column: 'count', code: ErrorCode.validationMaximum, meta: { field: 'count', limit: 99 } },
      { row: 5, column: 'kind', code: ErrorCode.validationEnum, meta: { field: 'kind', limit: 'a, b' } },
    ]);
  });

  it('says which required cell is empty and which cell is not a number', () => {
    expect(validate({ row: 3, cells: { count: 'many' } }).problems).toEqual([
      { row: 3, column: 'code', code: ErrorCode.fieldRequired, meta: { field: 'code' } },
      { row: 3, column: 'count', code: ErrorCode.validationType, meta: { field: 'count' } },
    ]);
  });
});

describe('export', () => {
  it('neutralises every cell that would start a formula, and only those', () => {
    for (const value of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx']) expect(neutraliseCell(value)).toBe(`'${value}`);
    expect(neutraliseCell('plain =1')).toBe('plain =1');
  });

  it('writes a CSV that a parser reads back to the same (neutralised) values', () => {
    const text = stringifyCsv(
      ['name', 'note', 'active'],
      [
        { name: '=HYPERLINK("x")', note: 'a, "b"\nc', active: true },
        { name: 'Ann', note: null, active: false },
      ],
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text, { columns: true })).toEqual([
      { name: '\'=HYPERLINK("x")', note: 'a, "b"\nc', active: 'Y' },
      { name: 'Ann', note: '', active: 'N' },
    ]);
  });

  it('quotes a cell with any line break (a bare one too), writes amounts as numbers and the later parts of a stream without the header', () => {
    const text = stringifyCsv(['note', 'amount', 'count'], [{ note: 'line\nbreak', amount: csvDecimal(-5), count: -3 }]);
    expect(text).toBe('note,amount,count\r\n"line\nbreak",-0.05,-3\r\n');
    expect(stringifyCsv(['amount'], [{ amount: csvDecimal(123450) }], { header: false })).toBe('1234.50\r\n');
  });

  it('makes a template of the header contract and an example row that passes it', () => {
    const template = csvTemplate(contract);
    expect(template).toBe('code,count,kind,note\r\nAB-1,3,a,\r\n');
    const parsed = parseCsv(template, contract);
    expect(rowValidator(contract)(parsed.records[0]!).problems).toEqual([]);
  });
});
