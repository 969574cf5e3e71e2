import { conditionHolds } from '../../../domain/conditions.ts';

/** An action's selection rule (spec §5 "at least one unpaid invoice… must be selected to pay"). */
export interface SelectionRule { message: string; where?: Record<string, unknown>; ineligible?: string }

type Check = { ok: true; records: Array<Record<string, unknown>>; leftOut: number } | { ok: false; message: string };

/**
 * The records an action runs with: all selected rows, or with a `requires` rule the ones
 * matching its `where`. None selected, or none matching, is the rule's message.
 * checkSelection({ message: 'm', where: { payable: true } }, [{ payable: false }]) → { ok: false, message: 'm' }
 */
export function checkSelection(rule: SelectionRule | undefined, selected: Array<Record<string, unknown>>): Check {
  if (!rule) return { ok: true, records: selected, leftOut: 0 };
  if (selected.length === 0) return { ok: false, message: rule.message };
  const records = rule.where ? selected.filter((record) => conditionHolds(rule.where!, record)) : selected;
  if (records.length === 0) return { ok: false, message: rule.ineligible ?? rule.message };
  return { ok: true, records, leftOut: selected.length - records.length };
}
