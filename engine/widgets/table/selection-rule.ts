import { conditionHolds } from '../../../common/conditions.ts';

/** An action's selection rule (spec §5 "at least one unpaid invoice… must be selected to pay"). */
export interface SelectionRule {
  message: string;
  where?: Record<string, unknown>;
  ineligible?: string;
  /** Shown while some selected rows do not match `where`, with {{count}} (left out) and {{total}} (selected). */
  leftOut?: string;
}

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

/**
 * The notices a selection earns before any action is used: each rule's `leftOut` text, once, with
 * how many selected rows it would leave out ("2 of 5 selected invoices cannot be disputed").
 * leftOutNotices([{ message: 'm', where: { ok: true }, leftOut: 'n' }], [{ ok: true }, { ok: false }]) → [{ text: 'n', count: 1, total: 2 }]
 */
export function leftOutNotices(
  rules: ReadonlyArray<SelectionRule | undefined>,
  selected: Array<Record<string, unknown>>,
): Array<{ text: string; count: number; total: number }> {
  const notices = new Map<string, { text: string; count: number; total: number }>();
  if (selected.length === 0) return [];
  for (const rule of rules) {
    if (!rule?.leftOut || !rule.where || notices.has(rule.leftOut)) continue;
    const count = selected.filter((record) => !conditionHolds(rule.where!, record)).length;
    if (count > 0) notices.set(rule.leftOut, { text: rule.leftOut, count, total: selected.length });
  }
  return [...notices.values()];
}
