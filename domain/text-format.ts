/**
 * Texts of the translations (locales/<language>/<namespace>.json), as the portal and the server
 * both read them: a nested tree of texts with `{{name}}` placeholders (i18next's syntax: nested
 * paths like `{{user.name}}`, `{{- name}}`; nothing is escaped; a placeholder without a value
 * stays visible; an empty or null value prints nothing).
 */
export type TextTree = { [key: string]: string | TextTree };

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

export function lookUp(tree: TextTree | string | undefined, path: readonly string[]): unknown {
  let node: unknown = tree;
  for (const part of path) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as TextTree)[part];
  }
  return node;
}

/** i18next's value look-up: the name as given, else as a dotted path. */
function valueOf(values: Record<string, unknown>, name: string): unknown {
  return values[name] || !name.includes('.') ? values[name] : lookUp(values as TextTree, name.split('.'));
}

export function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (match, inner: string) => {
    const name = inner.replace(/^-/, '').trim();
    const value = valueOf(values, name);
    if (value === undefined) return Object.hasOwn(values, name) ? '' : match;
    return value === null ? '' : String(value);
  });
}
