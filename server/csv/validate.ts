import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { CsvContract, CsvProblem, CsvRecord } from './contract.ts';

/** ajv keyword → the validation message of spec §5 (errors.validation.*, {{field}} is the column). */
const KEYWORD_CODES: Record<string, string> = {
  required: ErrorCode.fieldRequired,
  format: ErrorCode.validationFormat,
  minLength: ErrorCode.validationMinLength,
  maxLength: ErrorCode.validationMaxLength,
  pattern: ErrorCode.validationPattern,
  minimum: ErrorCode.validationMinimum,
  maximum: ErrorCode.validationMaximum,
  exclusiveMinimum: ErrorCode.validationExclusiveMinimum,
  exclusiveMaximum: ErrorCode.validationExclusiveMaximum,
  type: ErrorCode.validationType,
  enum: ErrorCode.validationEnum,
};

function problemOf(row: number, error: ErrorObject): CsvProblem {
  const params = error.params as { missingProperty?: string; limit?: number; allowedValues?: unknown[] };
  const column = params.missingProperty ?? error.instancePath.replace(/^\//, '').split('/')[0] ?? '';
  const limit = params.limit ?? (params.allowedValues ? params.allowedValues.join(', ') : undefined);
  return {
    row,
    column,
    code: KEYWORD_CODES[error.keyword] ?? ErrorCode.validationInvalid,
    meta: { field: column, ...(limit !== undefined ? { limit } : {}) },
  };
}

/**
 * The row validator of a contract: one JSON Schema over the row object (its non-empty cells),
 * compiled once with ajv. Cells convert to the column's type (coerceTypes), so a valid row
 * comes out typed; every problem of every column is reported (allErrors), one per column.
 */
export function rowValidator<Row>(contract: CsvContract): (record: CsvRecord) => { value?: Row; problems: CsvProblem[] } {
  const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true, strict: false });
  const validate: ValidateFunction = ajv.compile({
    type: 'object',
    additionalProperties: false,
    required: contract.columns.filter((column) => column.required).map((column) => column.name),
    properties: Object.fromEntries(contract.columns.map((column) => [column.name, column.schema])),
  });
  return (record) => {
    const value: Record<string, unknown> = { ...record.cells };
    if (validate(value)) return { value: value as Row, problems: [] };
    const seen = new Set<string>();
    const problems: CsvProblem[] = [];
    for (const error of validate.errors ?? []) {
      const problem = problemOf(record.row, error);
      if (seen.has(problem.column ?? '')) continue;
      seen.add(problem.column ?? '');
      problems.push(problem);
    }
    return { problems };
  };
}
