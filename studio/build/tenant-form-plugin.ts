import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { generateFormModule } from '../../engine/build/forms-plugin.ts';
import type { FormDefinition } from '../../engine/widgets/form/form-definition.ts';

/**
 * Vite plugin: `virtual:studio-tenant-form` gives the studio's settings form, which is
 * schemas/tenant.schema.json itself (issue 24: "the schema is the form", so a new setting needs
 * no studio code), with its RJSF validator compiled ahead of time by the portal's forms plugin
 * (the studio's page has the portal's CSP: no eval, so no run-time ajv compile).
 *
 * Left out of the form: `$schema` and `$id` (not settings) and `overrides` (the permission matrix
 * and, later, the screen editors write those).
 */
export const TENANT_FORM_MODULE_ID = 'virtual:studio-tenant-form';
const RESOLVED = `\0${TENANT_FORM_MODULE_ID}`;

/** A schema without its descriptions: notes for developers, in English, which the form would show as they are. */
function withoutDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDescriptions);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => key !== 'description' || typeof value !== 'string')
      .map(([key, value]) => [key, withoutDescriptions(value)]),
  );
}

/** The tenant schema as the form's schema: the settings an operator edits in the form. */
export function tenantFormSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const {
    $schema: _schema,
    $id: _id,
    properties = {},
    ...rest
  } = schema as { properties?: Record<string, unknown> } & Record<string, unknown>;
  const { $schema: _documentSchema, overrides: _overrides, ...settings } = properties;
  return withoutDescriptions({ ...rest, properties: settings }) as Record<string, unknown>;
}

export function tenantFormPlugin(schemaPath = 'schemas/tenant.schema.json'): Plugin {
  let root = process.cwd();
  return {
    name: 'studio-tenant-form',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === TENANT_FORM_MODULE_ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const file = resolve(root, schemaPath);
      this.addWatchFile(file);
      const schema = tenantFormSchema(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
      const definition: FormDefinition = { schema };
      return generateFormModule('studio-tenant-settings', definition);
    },
  };
}
