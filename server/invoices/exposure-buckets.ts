import { sql, type RawBuilder } from 'kysely';
import type { ExposureBucketRule } from '../../domain/exposure.ts';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.val(value)));

/**
 * A bucket rule of domain/exposure.ts as one SQL condition on the invoices table (`table` is its
 * name or alias in the statement). GET /exposures groups with it and GET /invoices filters with it
 * (filter[exposure_bucket]), so an overview figure and the list behind its link share one rule.
 * The due date is compared to constants, so the (buid_customer, status, due_date) index applies.
 */
export function exposureBucketCondition(rule: ExposureBucketRule, table: string): RawBuilder<boolean> {
  const status = sql.ref(`${table}.status`);
  const dueDate = sql.ref(`${table}.due_date`);
  const bounds = [
    ...(rule.due?.from !== undefined ? [sql`${dueDate} >= ${rule.due.from}::date`] : []),
    ...(rule.due?.to !== undefined ? [sql`${dueDate} <= ${rule.due.to}::date`] : []),
  ];
  const dated = bounds.length === 0 ? sql`true` : sql.join(bounds, sql` and `);
  const due = rule.undatedIn ? sql`(${dueDate} is null or (${dated}))` : sql`(${dueDate} is not null and ${dated})`;
  return sql<boolean>`(${status} in (${list(rule.statuses)}) and ${due})`;
}
