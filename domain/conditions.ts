import { guard } from '@ucast/mongo2js';
import type { Action, PortalAbility, Subject } from './policy.ts';

/** `{ "can": ["create", "Payment"], "when": { "customer.isActive": true } }` on any definition node. */
export interface Conditional {
  can?: [Action, Subject];
  /** A MongoDB-style query (CASL's ucast syntax) over the binding context. */
  when?: Record<string, unknown>;
}

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

/** A node shows when the policy allows its `can` and its `when` query matches the context. */
export function isVisible(node: Conditional, ability: PortalAbility, context: object): boolean {
  if (node.can && !ability.can(node.can[0], node.can[1])) return false;
  if (node.when && !conditionHolds(node.when, context)) return false;
  return true;
}

/**
 * An action the user may use, only not now: its `disabled.reason` while `disabled.when` holds
 * (schemas/screen.schema.json), else null. Request a card on an inactive account (issue 26).
 */
export function disabledReason(action: object, context: object): string | null {
  const disabled = (action as { disabled?: unknown }).disabled as { when: Record<string, unknown>; reason: string } | undefined;
  return disabled && conditionHolds(disabled.when, context) ? disabled.reason : null;
}
