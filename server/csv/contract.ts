/**
 * The header contract of a CSV import: which columns a file may have, which it must have, and
 * the JSON Schema each cell's value must meet. Headers are the API's field names (language
 * neutral, like the exports' headers), so one file works whatever the user's language.
 */
export interface CsvColumn {
  /** The header text, e.g. `po_number`. */
  name: string;
  /** The column must be in the header and its cells must not be empty. */
  required?: boolean;
  /**
   * JSON Schema of the cell's value. Cells are text; a column whose schema says `integer`,
   * `number` or `boolean` is converted by ajv first (a cell that does not convert is refused with
   * errors.validation.type). Money stays text with a pattern: it becomes minor units in the
   * row check, never a float.
   */
  schema: Readonly<Record<string, unknown>>;
  /** The template's example cell. */
  example?: string;
}

export interface CsvContract {
  /** File name stem of the template download: `<name>-template.csv`. */
  name: string;
  columns: readonly CsvColumn[];
  /** Most data rows one file may hold (errors.csv.tooManyRows beyond). */
  maxRows: number;
  /** Most characters one file may hold (the route's body limit follows from it). */
  maxChars: number;
}

/** A problem of one row: its line number in the file (the header is line 1), the column, an i18n error code. */
export interface CsvProblem {
  row: number;
  column?: string;
  code: string;
  meta?: Record<string, unknown>;
}

/** One data row of the file: its line number and its non-empty cells by header name. */
export interface CsvRecord {
  row: number;
  cells: Record<string, string>;
}
