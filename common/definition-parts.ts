import { mergePatch } from './merge-patch.ts';

/**
 * Reuse inside definitions: a node `{ "$use": "cards-table", …overrides }` is the part
 * screens/parts/cards-table.json with the node's other properties applied as a JSON Merge Patch
 * (objects merge key by key, `null` deletes, anything else replaces), so a table or form two
 * screens share is written once. Resolved at build time (build/screens-plugin.ts) and by the
 * definition check, which reports a problem inside a part under the part's file.
 */
export const USE = '$use';

/** Where a part was used: the node's pointer, the part, and the properties the node overrides. */
export interface PartUse {
  pointer: string;
  part: string;
  overrides: readonly string[];
}

export interface ResolvedParts<T> {
  resolved: T;
  uses: PartUse[];
  /** `$use` names that are no part (left out of the resolved node). */
  unknown: Array<{ pointer: string; part: string }>;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Resolves every `$use` of a definition (parts may not use parts: one level, no cycles). */
export function resolveParts<T>(definition: T, parts: ReadonlyMap<string, unknown>): ResolvedParts<T> {
  const uses: PartUse[] = [];
  const unknown: Array<{ pointer: string; part: string }> = [];
  const visit = (value: unknown, pointer: string): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => visit(item, `${pointer}/${index}`));
    if (value === null || typeof value !== 'object') return value;
    const { [USE]: name, ...rest } = value as Record<string, unknown>;
    const inner = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, visit(item, `${pointer}/${escapePointer(key)}`)]));
    if (typeof name !== 'string') return inner;
    const part = parts.get(name);
    if (part === undefined) {
      unknown.push({ pointer: `${pointer}/${escapePointer(USE)}`, part: name });
      return inner;
    }
    uses.push({ pointer, part: name, overrides: Object.keys(rest) });
    return mergePatch(structuredClone(part), inner);
  };
  return { resolved: visit(definition, '') as T, uses, unknown };
}
