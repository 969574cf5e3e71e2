import { CsvError, parse } from 'csv-parse/sync';
import { ErrorCode } from '../../domain/error-codes.ts';
import { detectDelimiter } from '../http/csv-cells.ts';
import type { CsvContract, CsvProblem, CsvRecord } from './contract.ts';
import { fileProblem } from './errors.ts';

export interface ParsedCsv {
  records: CsvRecord[];
  /** Rows whose shape is wrong (more cells than the header has columns). */
  problems: CsvProblem[];
}

/**
 * Reads a CSV file against its header contract with csv-parse: a UTF-8 byte order mark is
 * dropped, the delimiter is the one the header uses most (comma, semicolon as spreadsheets in
 * many of our languages write, or tab), blank lines are skipped and cells trimmed. The header
 * must name every required column, nothing unknown and nothing twice; otherwise the whole file
 * is refused (422, errors.csv.*), as it is when it is malformed, empty or too long.
 */
export function parseCsv(text: string, contract: CsvContract): ParsedCsv {
  if (text.length > contract.maxChars) throw fileProblem(ErrorCode.csvTooLarge, { maximum: contract.maxChars });
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // csv-parse's sync typings do not model `info: true` (records come as { record, info }).
    parsed = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\ufeff/, '')),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (error instanceof CsvError) throw fileProblem(ErrorCode.csvMalformed, { line: (error as CsvError & { lines?: number }).lines ?? 0 });
    throw error;
  }
  const [header, ...rows] = parsed;
  if (!header || rows.length === 0) throw fileProblem(ErrorCode.csvEmpty);
  if (rows.length > contract.maxRows) throw fileProblem(ErrorCode.csvTooManyRows, { maximum: contract.maxRows, found: rows.length });

  const names = header.record;
  const known = new Set(contract.columns.map((column) => column.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) throw fileProblem(ErrorCode.csvUnknownColumns, { columns: unknown.join(', ') });
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) throw fileProblem(ErrorCode.csvRepeatedColumns, { columns: [...new Set(repeated)].join(', ') });
  const missing = contract.columns
    .filter((column) => (column.required || column.inHeader) && !names.includes(column.name))
    .map((column) => column.name);
  if (missing.length > 0) throw fileProblem(ErrorCode.csvMissingColumns, { columns: missing.join(', ') });

  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  for (const { record, info } of rows) {
    const row = info.lines;
    if (record.length > names.length) {
      problems.push({ row, code: ErrorCode.csvColumnCount, meta: { expected: names.length, found: record.length } });
      continue;
    }
    const cells: Record<string, string> = {};
    names.forEach((name, index) => {
      const cell = record[index];
      if (cell !== undefined && cell !== '') cells[name] = cell;
    });
    records.push({ row, cells });
  }
  return { records, problems };
}
