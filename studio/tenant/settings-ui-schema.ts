import type { UiSchema } from '@rjsf/utils';

type SchemaNode = { type?: unknown; properties?: Record<string, SchemaNode> };

/**
 * The settings form's uiSchema, derived from the tenant schema itself so a new setting needs no
 * studio code (issue 24): a setting whose path has a text (`studio.settings.<path>`, the words
 * the diff uses too) is labelled with it, an integer named `…Minor` is money (typed in major
 * units, kept in minor units), and the tenant's id, which names it everywhere, is read-only.
 *
 * settingsUiSchema(schema, has).limits.cardFeeMinor → { 'ui:title': 'studio.settings.limits.cardFeeMinor', 'ui:widget': 'money' }
 */
export function settingsUiSchema(schema: object, hasText: (key: string) => boolean, path: readonly string[] = []): UiSchema {
  const ui: UiSchema = {};
  for (const [name, property] of Object.entries((schema as SchemaNode).properties ?? {})) {
    const at = [...path, name];
    const key = `studio.settings.${at.join('.')}`;
    const field: UiSchema = {
      ...(hasText(key) ? { 'ui:title': key } : {}),
      ...(property.type === 'integer' && name.endsWith('Minor') ? { 'ui:widget': 'money' } : {}),
      ...settingsUiSchema(property, hasText, at),
    };
    if (Object.keys(field).length > 0) ui[name] = field;
  }
  if (path.length === 0) ui.id = { ...(ui.id as UiSchema | undefined), 'ui:readonly': true };
  return ui;
}
