import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CsvContract, CsvProblem } from './contract.ts';
import { CsvRowsRefused, MAX_LISTED_PROBLEMS } from './errors.ts';
import { parseCsv } from './parse.ts';
import { rowValidator } from './validate.ts';

/** A row that passed the contract's schema: its line number and its typed value. */
export interface ValidRow<Row> {
  row: number;
  value: Row;
}

/**
 * What an import adds to the machinery. `Env` is what the route hands in (typically the
 * caller and tenant), `Lookup` what `prepare` loads once for the row checks.
 */
export interface CsvImport<Row, Env, Lookup = undefined> {
  contract: CsvContract;
  /**
   * Loads what the row checks need in one go (the caller's customers, the ids that exist), so
   * 1,000 rows do not mean 1,000 queries. On commit it runs inside the import's transaction.
   */
  prepare?(db: Kysely<DB>, rows: ReadonlyArray<ValidRow<Row>>, env: Env): Promise<Lookup>;
  /** The business rules of one row (spec §5): its problems, each naming a column where it can. */
  checkRow?(row: ValidRow<Row>, lookup: Lookup, env: Env): CsvProblem[];
  /** Writes every row, inside the one transaction; returns how many records it wrote. */
  write(trx: Transaction<DB>, rows: ReadonlyArray<ValidRow<Row>>, lookup: Lookup, env: Env): Promise<number>;
  /**
   * What follows once the rows are committed, before the answer (dropping the sessions other
   * processes keep: announced before the commit, they could read the old rows again and keep them).
   */
  committed?(env: Env): Promise<void>;
}

export interface CsvReport {
  rows: number;
  valid_rows: number;
  problem_count: number;
  /** At most MAX_LISTED_PROBLEMS, in file order. */
  problems: CsvProblem[];
  written: number;
}

interface Checked<Row> {
  rows: Array<ValidRow<Row>>;
  problems: CsvProblem[];
  total: number;
  lookup: unknown;
}

async function check<Row, Env, Lookup>(
  db: Kysely<DB>,
  definition: CsvImport<Row, Env, Lookup>,
  text: string,
  env: Env,
): Promise<Checked<Row>> {
  const parsed = parseCsv(text, definition.contract);
  const validate = rowValidator<Row>(definition.contract);
  const rows: Array<ValidRow<Row>> = [];
  const problems = [...parsed.problems];
  for (const record of parsed.records) {
    const result = validate(record);
    if (result.value !== undefined) rows.push({ row: record.row, value: result.value });
    problems.push(...result.problems);
  }
  const lookup = (definition.prepare ? await definition.prepare(db, rows, env) : undefined) as Lookup;
  const clean: Array<ValidRow<Row>> = [];
  for (const row of rows) {
    const rowProblems = definition.checkRow?.(row, lookup, env) ?? [];
    if (rowProblems.length === 0) clean.push(row);
    problems.push(...rowProblems);
  }
  problems.sort((a, b) => a.row - b.row);
  return { rows: clean, problems, total: parsed.records.length + parsed.problems.length, lookup };
}

function report<Row>(checked: Checked<Row>, written: number): CsvReport {
  return {
    rows: checked.total,
    valid_rows: new Set(checked.rows.map((row) => row.row)).size,
    problem_count: checked.problems.length,
    problems: checked.problems.slice(0, MAX_LISTED_PROBLEMS),
    written,
  };
}

/** Every check of the import, nothing written: what the user sees before confirming. */
export async function dryRunCsv<Row, Env, Lookup>(
  db: Kysely<DB>,
  definition: CsvImport<Row, Env, Lookup>,
  text: string,
  env: Env,
): Promise<CsvReport> {
  return report(await check(db, definition, text, env), 0);
}

/**
 * The same checks again, then all rows or none: one transaction in which `prepare` reads,
 * every row is checked and `write` writes. Any problem (or a failure while writing) rolls the
 * whole transaction back; problems leave as CsvRowsRefused (422, one error per problem).
 */
export async function commitCsv<Row, Env, Lookup>(
  db: Kysely<DB>,
  definition: CsvImport<Row, Env, Lookup>,
  text: string,
  env: Env,
): Promise<CsvReport> {
  const result = await db.transaction().execute(async (trx) => {
    const checked = await check(trx, definition, text, env);
    if (checked.problems.length > 0) throw new CsvRowsRefused(checked.problems);
    const written = await definition.write(trx, checked.rows, checked.lookup as Lookup, env);
    return report(checked, written);
  });
  await definition.committed?.(env);
  return result;
}
