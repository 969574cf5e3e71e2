import type { FormDefinition } from '../widgets/form/form-definition.ts';

/** Widgets the light renderer (engine/widgets/form/FlatForm.tsx) draws itself. */
const FLAT_WIDGETS = new Set([undefined, 'text', 'email', 'password', 'textarea', 'checkbox']);
/** Keywords that make a schema more than a list of fields: RJSF resolves those. */
const STRUCTURAL = [
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  'dependencies',
  'dependentSchemas',
  'dependentRequired',
  '$ref',
  'patternProperties',
  'additionalItems',
];

/**
 * A form is "flat" when it is one object of string or boolean fields without conditional parts,
 * choices or custom fields: the sign-in forms. Those render without react-jsonschema-form, which
 * keeps RJSF (about 90 KB gzip) off the sign-in pages; every other form uses RJSF.
 */
export function isFlatForm(definition: FormDefinition): boolean {
  const { schema, uiSchema = {} } = definition;
  if (schema.type !== 'object' || STRUCTURAL.some((keyword) => keyword in schema)) return false;
  return Object.entries(schema.properties ?? {}).every(([name, property]) => {
    if (typeof property !== 'object' || property === null) return false;
    if (property.type !== 'string' && property.type !== 'boolean') return false;
    if (STRUCTURAL.some((keyword) => keyword in property) || 'enum' in property || 'const' in property) return false;
    const ui = (uiSchema[name] ?? {}) as Record<string, unknown>;
    if ('ui:field' in ui || !FLAT_WIDGETS.has(ui['ui:widget'] as string | undefined)) return false;
    return property.type === 'string' ? ui['ui:widget'] !== 'checkbox' : ui['ui:widget'] === undefined || ui['ui:widget'] === 'checkbox';
  });
}
