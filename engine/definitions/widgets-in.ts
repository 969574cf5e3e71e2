/**
 * Every widget name a definition uses anywhere (nested, every tab).
 * widgetsIn({ body: [{ widget: 'tabs', tabs: [{ children: [{ widget: 'table' }] }] }]) → ['tabs', 'table']
 */
export function widgetsIn(definition: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const widget = (value as { widget?: unknown }).widget;
      if (typeof widget === 'string') found.add(widget);
      Object.values(value).forEach(visit);
    }
  };
  visit(definition);
  return [...found];
}
