import { stringify } from 'csv-stringify/sync';
import type { CsvContract } from './contract.ts';

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"); see server/http/csv-cells.ts. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell with a leading single quote when it would start a formula; spreadsheets show it as text. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV document (csv-stringify, CRLF line ends, quoted where needed) of these columns and
 * records, every text cell neutralised: an export someone opens in a spreadsheet never runs
 * a formula a user typed into a field. Numbers and booleans are written as they are.
 */
export function stringifyCsv(columns: readonly string[], records: ReadonlyArray<Record<string, unknown>>): string {
  return stringify(records as Array<Record<string, unknown>>, {
    header: true, record_delimiter: 'windows', columns: columns.map((name) => ({ key: name, header: name })),
    cast: { string: neutraliseCell, boolean: (value) => (value ? 'Y' : 'N') },
  });
}

/** The template of a contract: the header, then one example row from the columns' examples. */
export function csvTemplate(contract: CsvContract): string {
  const columns = contract.columns.map((column) => column.name);
  const example = Object.fromEntries(contract.columns.map((column) => [column.name, column.example ?? '']));
  return stringifyCsv(columns, [example]);
}
