import { stringify } from 'csv-stringify/sync';
import type { CsvContract } from './contract.ts';

/**
 * Cells a spreadsheet would run as a formula (OWASP "CSV injection"): text starting with
 * = + - @, a tab or a carriage return. The one rule of every CSV the server writes, and of the
 * uploaded CSVs it hands back (server/http/csv-cells.ts).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function startsFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

/** A text cell with a leading single quote when it would start a formula; spreadsheets show it as text. */
export function neutraliseCell(value: string): string {
  return startsFormula(value) ? `'${value}` : value;
}

/**
 * An amount in minor units, written with two decimals ("1234.50", "-0.05", spec §9). A number the
 * server formats, never text someone typed: not neutralised, so a spreadsheet reads a credit as a
 * negative number rather than as "'-0.05".
 */
export class CsvDecimal {
  readonly text: string;
  constructor(minor: number) {
    const abs = Math.abs(minor);
    this.text = `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
}

export const csvDecimal = (minor: number): CsvDecimal => new CsvDecimal(minor);

/** What a cell may hold: text (neutralised), a number or amount (as is), a flag (Y or N), or nothing. */
export type CsvValue = string | number | boolean | CsvDecimal | null | undefined;

/**
 * A CSV document (csv-stringify, CRLF line ends) of these columns and records, every text cell
 * neutralised. A cell is quoted when it holds the delimiter, a quote or any line break (a bare
 * \n too, which csv-stringify would leave bare with CRLF records). `header: false` writes the
 * records alone, for the later parts of a streamed download.
 */
export function stringifyCsv(
  columns: readonly string[],
  records: ReadonlyArray<Readonly<Record<string, CsvValue>>>,
  { header = true }: { header?: boolean } = {},
): string {
  return stringify(records as Array<Record<string, unknown>>, {
    header,
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
    columns: columns.map((name) => ({ key: name, header: name })),
    cast: {
      string: neutraliseCell,
      boolean: (value) => (value ? 'Y' : 'N'),
      object: (value) => (value instanceof CsvDecimal ? value.text : neutraliseCell(JSON.stringify(value))),
    },
  });
}

/** The template of a contract: the header, then one example row from the columns' examples. */
export function csvTemplate(contract: CsvContract): string {
  const columns = contract.columns.map((column) => column.name);
  const example = Object.fromEntries(contract.columns.map((column) => [column.name, column.example ?? '']));
  return stringifyCsv(columns, [example]);
}
