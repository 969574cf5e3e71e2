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
    ordered.limit(size).offset((number - 1) * size).execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow() as Promise<{ total: number }>,
  ]);
  return { rows, meta: pageMeta(list.page, count.total) };
}
