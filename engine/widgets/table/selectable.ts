import { guard } from '@ucast/mongo2js';

const compiled = new WeakMap<object, (record: object) => boolean>();

/**
 * Which rows may be selected: the definition's `selectable` MongoDB-style query (CASL's ucast
 * syntax, as bindings.ts uses for `when`) over the row's attributes. No query: every row.
 * selectableTest({ payable: true })({ payable: false }) === false
 */
export function selectableTest(condition: Record<string, unknown> | undefined): (record: Record<string, unknown>) => boolean {
  if (!condition) return () => true;
  let test = compiled.get(condition);
  if (!test) {
    test = guard(condition) as (record: object) => boolean;
    compiled.set(condition, test);
  }
  return test;
}
