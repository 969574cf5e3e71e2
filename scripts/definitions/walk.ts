/** One object inside a definition, where it is and what holds it. */
export interface Visit {
  pointer: string;
  node: Record<string, unknown>;
  /** The property the object (or the array holding it) sits under: `columns` for a column. */
  property: string;
  /** The objects holding this one, outermost first. */
  ancestors: ReadonlyArray<Record<string, unknown>>;
}

/** Every object in a definition, depth first, with its JSON pointer and its ancestors. */
export function* walk(
  value: unknown,
  pointer = '',
  property = '',
  ancestors: ReadonlyArray<Record<string, unknown>> = [],
): Generator<Visit> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walk(item, `${pointer}/${index}`, property, ancestors);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  yield { pointer, node, property, ancestors };
  const inside = [...ancestors, node];
  for (const [key, item] of Object.entries(node)) yield* walk(item, `${pointer}/${escapePointer(key)}`, key, inside);
}

/** RFC 6901: `~` and `/` inside a key. */
export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
