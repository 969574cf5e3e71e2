import type { UiSchema } from '@rjsf/utils';
import { settingTextKeys } from '../../domain/setting-text-keys.ts';
import { childrenOf, type SchemaNode } from './setting-nodes.ts';

/**
 * The settings form's uiSchema, derived from the tenant schema itself so a new setting needs no
 * studio code (issue 24): a setting whose path has a text (domain/setting-text-keys.ts, the words
 * the diff uses too) is labelled with it and gets its help text as description, an integer named
 * `…Minor` is money (typed in major units, kept in minor units), and the tenant's id, which names
 * it everywhere, is read-only. A list of objects (identity providers) labels its items' fields
 * through RJSF's `items`.
 *
 * settingsUiSchema(schema, has).limits.cardFeeMinor → { 'ui:title': 'studio.settings.limits.cardFeeMinor', 'ui:widget': 'money' }
 */
export function settingsUiSchema(schema: object, hasText: (key: string) => boolean, path: readonly string[] = []): UiSchema {
  const ui: UiSchema = {};
  for (const [name, property] of Object.entries(childrenOf(schema as SchemaNode))) {
    const at = [...path, name];
    const { label, help } = settingTextKeys(at, Object.keys(childrenOf(property)).length > 0);
    const children = settingsUiSchema(property, hasText, at);
    const field: UiSchema = {
      ...(hasText(label) ? { 'ui:title': label } : {}),
      ...(hasText(help) ? { 'ui:description': help } : {}),
      ...(property.type === 'integer' && name.endsWith('Minor') ? { 'ui:widget': 'money' } : {}),
      ...(property.items && !property.items.enum
        ? { items: listItemUi(property.items, hasText(label) ? label : undefined, children) }
        : children),
    };
    if (Object.keys(field).length > 0) ui[name] = field;
  }
  if (path.length === 0) {
    ui.id = { ...(ui.id as UiSchema | undefined), 'ui:readonly': true };
    // The draft bar saves the settings with the rest of the draft: the form has no button of its own.
    ui['ui:submitButtonOptions'] = { norender: true };
  }
  return ui;
}

/**
 * A list's items under its legend: RJSF would title each "<property name>-<n>", in English
 * whatever the language, so an item has no visible title of its own; a text field of a list of
 * texts (hosts, address lines) is named by the list's label for assistive technology.
 */
function listItemUi(items: SchemaNode, listLabel: string | undefined, fields: UiSchema): UiSchema {
  if (items.properties) return { 'ui:label': false, ...fields };
  return { 'ui:label': false, ...(listLabel ? { 'ui:title': listLabel } : {}) };
}
