type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * JSON Merge Patch (RFC 7386): objects merge key by key, null deletes, anything else replaces.
 * Tenants carry these per screen id so operators change a screen without a rebuild.
 */
export function mergePatch<T>(target: T, patch: unknown): T {
  if (!isObject(patch)) return patch as T;
  const result: Record<string, Json> = isObject(target) ? { ...(target as Record<string, Json>) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch<Json>(result[key] ?? null, value);
  }
  return result as T;
}
