import { ErrorCode } from '../../domain/error-codes.ts';
import { ApiError } from '../http/errors.ts';
import type { CsvProblem } from './contract.ts';

/** The file as a whole cannot be read against its contract (malformed, empty, wrong header, too long). */
export const fileProblem = (code: (typeof ErrorCode)[keyof typeof ErrorCode], meta?: Record<string, unknown>) =>
  new ApiError(422, code, { pointer: '/content' }, meta);

/** How many row problems one answer lists at most (the count is always whole). */
export const MAX_LISTED_PROBLEMS = 500;

/**
 * The commit was refused because rows have problems: 422 with one JSON:API error per problem
 * (source.pointer `/rows/<line>/<column>`, meta.row and meta.column) after a first error
 * errors.csv.rowsInvalid that counts them. Nothing was written.
 */
export class CsvRowsRefused extends Error {
  constructor(readonly problems: readonly CsvProblem[]) {
    super(ErrorCode.csvRowsInvalid);
  }

  document() {
    const summary = {
      status: '422',
      code: ErrorCode.csvRowsInvalid,
      title: ErrorCode.csvRowsInvalid,
      source: { pointer: '/content' },
      meta: { problems: this.problems.length, rows: new Set(this.problems.map((problem) => problem.row)).size },
    };
    return {
      errors: [
        summary,
        ...this.problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => ({
          status: '422',
          code: problem.code,
          title: problem.code,
          source: { pointer: `/rows/${problem.row}${problem.column ? `/${problem.column}` : ''}` },
          meta: { ...problem.meta, row: problem.row, ...(problem.column ? { column: problem.column } : {}) },
        })),
      ],
    };
  }
}
