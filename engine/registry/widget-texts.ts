import type { WidgetName } from './names.ts';

/**
 * The namespaces a widget's own code translates from, beyond `common` and the keys its
 * definition names (issue 25: a screen waits only for the texts it shows). `all`: the widget
 * may show any namespace's texts (a plugin's are its own business), so its screen waits for all.
 * A text missing here is still fetched when first shown (i18n/i18next-texts.ts fetchLate): it
 * only costs a second render.
 */
export const WIDGET_TEXTS: Partial<Record<WidgetName, readonly string[] | 'all'>> = {
  table: ['table'],
  // RJSF forms show validation and API messages (`errors`) as the user types.
  form: ['errors'],
  customerPicker: ['errors'],
  merchantPicker: ['errors'],
  plugin: 'all',
};
