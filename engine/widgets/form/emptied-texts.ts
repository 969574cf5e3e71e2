import type { RJSFSchema } from '@rjsf/utils';

/**
 * The data a form over a loaded record sends back, with each text the user emptied sent as "".
 * A form leaves an emptied text out of its data, and an edit is a PATCH, where a field left out
 * is no change: without this, a group's OpenID Connect issuer could never be removed again.
 * @example withEmptiedTexts({ name: 'East' }, { name: 'East', description: 'Northern depots' }, schema) // { name: 'East', description: '' }
 */
export function withEmptiedTexts(
  data: Record<string, unknown>,
  loaded: Record<string, unknown>,
  schema: RJSFSchema,
): Record<string, unknown> {
  const emptied = Object.entries(schema.properties ?? {})
    .filter(
      ([field, property]) =>
        typeof property === 'object' &&
        property.type === 'string' &&
        typeof loaded[field] === 'string' &&
        loaded[field] !== '' &&
        (data[field] === undefined || data[field] === null),
    )
    .map(([field]) => [field, '']);
  return emptied.length ? { ...data, ...Object.fromEntries(emptied) } : data;
}
