/**
 * A reference to a shared part of the screen schema (registry/schema-parts.ts) from a widget's or
 * an action's contract. Written `parts#/definitions/<name>` so that json-schema-to-ts resolves it
 * for the props types; the screen schema builder rewrites it to its own `#/definitions/<name>`.
 */
export type PartRef<N extends string> = { readonly $ref: `parts#/definitions/${N}` };

export function ref<const N extends string>(name: N): PartRef<N>;
export function ref<const N extends string, const D extends string>(name: N, description: D): PartRef<N> & { readonly description: D };
export function ref(name: string, description?: string): { $ref: string; description?: string } {
  return description === undefined ? { $ref: `parts#/definitions/${name}` } : { $ref: `parts#/definitions/${name}`, description };
}
