import { conditionHolds } from '../common/conditions.ts';
import type { Action, PortalAbility, Subject } from './policy.ts';

/** `{ "can": ["create", "Payment"], "when": { "customer.isActive": true } }` on any definition node. */
export interface Conditional {
  can?: [Action, Subject];
  /** A MongoDB-style query (CASL's ucast syntax) over the binding context. */
  when?: Record<string, unknown>;
}

/** A node shows when the policy allows its `can` and its `when` query matches the context. */
export function isVisible(node: Conditional, ability: PortalAbility, context: object): boolean {
  if (node.can && !ability.can(node.can[0], node.can[1])) return false;
  if (node.when && !conditionHolds(node.when, context)) return false;
  return true;
}
