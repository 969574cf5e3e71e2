import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ListQuery } from './list-query.ts';
import { pageMeta, type PageMeta } from './jsonapi.ts';

/**
 * Runs a list query one page at a time with its total: the filtered query is counted
 * and paged by the database; the sort maps API field names to columns and ends with a
 * unique tiebreaker so pages never overlap. `D` may extend the schema with a query's table
 * aliases (`users as u`): the columns and tiebreaker then name them.
 */
export async function fetchPage<D extends DB, TB extends keyof D, O, F extends string, S extends string>(
  query: SelectQueryBuilder<D, TB, O>,
  list: ListQuery<F, S>,
  columns: Record<S, string>,
  tiebreaker: string,
): Promise<{ rows: O[]; meta: PageMeta }> {
  let ordered = query;
  for (const { field, direction } of list.sort) {
    ordered = ordered.orderBy(sql.ref(columns[field]), direction);
  }
  ordered = ordered.orderBy(sql.ref(tiebreaker), list.sort.at(-1)?.direction ?? 'asc');
  const { number, size } = list.page;
  const [rows, count] = await Promise.all([
    ordered
      .limit(size)
      .offset((number - 1) * size)
      .execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow() as Promise<{ total: number }>,
  ]);
  return { rows, meta: pageMeta(list.page, count.total) };
}

/**
 * One page of a list already in memory (small, bounded sets a route filters or judges as a
 * whole: a customer's bank accounts, the groups a user sees, a parent's sub-accounts), with the
 * same meta as fetchPage; `from` is the page's first row's index in `rows`.
 */
export function slicePage<R>(rows: readonly R[], page: ListQuery<string, string>['page']): { rows: R[]; from: number; meta: PageMeta } {
  const from = (page.number - 1) * page.size;
  return { rows: rows.slice(from, from + page.size), from, meta: pageMeta(page, rows.length) };
}
