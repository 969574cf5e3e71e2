import { WIDGET_TEXTS } from '../registry/widget-texts.ts';
import { namespacesIn } from './namespaces.ts';
import { widgetsIn } from '../definitions/widgets-in.ts';

/**
 * The namespaces a screen in the signed-in frame waits for before it renders (issue 25: not all
 * of them): `common` (the frame's), those its definition names, and those its widgets' own code
 * uses (registry/widget-texts.ts); every namespace when one of its widgets may show any.
 * frameScreenNamespaces({ body: [{ widget: 'table', caption: 'invoices.list.caption' }] }, known) → ['common', 'invoices', 'table']
 */
export function frameScreenNamespaces(definition: unknown, known: readonly string[]): readonly string[] {
  const found = new Set(['common', ...namespacesIn(definition, known)]);
  for (const widget of widgetsIn(definition)) {
    const texts = WIDGET_TEXTS[widget as keyof typeof WIDGET_TEXTS];
    if (texts === 'all') return known;
    for (const namespace of texts ?? []) found.add(namespace);
  }
  return [...found].filter((namespace) => known.includes(namespace)).sort();
}
