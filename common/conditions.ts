import { guard } from '@ucast/mongo2js';

const compiledConditions = new WeakMap<object, (value: object) => boolean>();

/** A MongoDB-style query (CASL's ucast syntax) over a context; compiled once per query object. */
export function conditionHolds(condition: Record<string, unknown>, context: object): boolean {
  let test = compiledConditions.get(condition);
  if (!test) {
    test = guard(condition) as (value: object) => boolean;
    compiledConditions.set(condition, test);
  }
  return test(context);
}

/**
 * An action the user may use, only not now: its `disabled.reason` while `disabled.when` holds
 * (schemas/screen.schema.json), else null. Request a card on an inactive account (issue 26).
 */
export function disabledReason(action: object, context: object): string | null {
  const disabled = (action as { disabled?: unknown }).disabled as { when: Record<string, unknown>; reason: string } | undefined;
  return disabled && conditionHolds(disabled.when, context) ? disabled.reason : null;
}
