/** An i18n key: "namespace.path", the namespace a lower-camel-case word. */
const KEY = /^([a-z][A-Za-z0-9]*)\.[A-Za-z0-9]/;

/**
 * The namespaces, among `known`, of the i18n keys a definition names anywhere (titles, labels,
 * texts, messages): what a screen or form must load before it renders.
 * namespacesIn({ title: 'auth.login.title', body: [{ text: 'common.loading' }] }, ['auth', 'common', 'table']) → ['auth', 'common']
 */
export function namespacesIn(definition: unknown, known: readonly string[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const namespace = KEY.exec(value)?.[1];
      if (namespace && known.includes(namespace)) found.add(namespace);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  visit(definition);
  return [...found].sort();
}
