type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Structural equality of two JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
}

/**
 * The JSON Merge Patch (RFC 7386) that turns `source` into `target`: the inverse of
 * common/merge-patch.ts mergePatch, so `mergePatch(source, mergePatchFrom(source, target))`
 * equals `target`. The studio's screen form edits the patched screen itself and writes back only
 * this difference, so the tenant's override names nothing the operator left as shipped. Arrays
 * have no merge in RFC 7386: a changed array is written whole (a table's columns, a body).
 * Undefined when nothing differs.
 */
export function mergePatchFrom(source: unknown, target: unknown): Json | undefined {
  if (sameJson(source, target)) return undefined;
  if (!isObject(source) || !isObject(target)) return target as Json;
  const patch: JsonObject = {};
  for (const key of Object.keys(source)) if (!(key in target)) patch[key] = null;
  for (const [key, value] of Object.entries(target)) {
    const change = mergePatchFrom(source[key], value);
    if (change !== undefined) patch[key] = change;
  }
  return patch;
}
