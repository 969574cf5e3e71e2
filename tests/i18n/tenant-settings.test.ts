/**
 * Every tenant setting is labelled in the operator's language (issue 24): the studio's settings
 * form and its diff name a setting by `studio.settings.<path>` (domain/setting-text-keys.ts), and
 * a setting without one showed its schema name, in English, whatever the operator's language.
 * Fails when a setting of schemas/tenant.schema.json (the overrides aside: the studio's other
 * editors write those) has no label, or a described one no help text, in any of the 15 languages,
 * when a language copies the English text, or when the form would not show a text it has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tenantSchema from '../../schemas/tenant.schema.json' with { type: 'json' };
import { LANGUAGES } from '../../common/locales.ts';
import { tenantFormSchema } from '../../studio/build/tenant-form-plugin.ts';
import { type SchemaNode, settingNodes } from '../../studio/tenant/setting-nodes.ts';
import { settingsUiSchema } from '../../studio/tenant/settings-ui-schema.ts';

type Tree = { [key: string]: string | Tree };

const studioTexts = new Map(
  LANGUAGES.map((language) => [language, JSON.parse(readFileSync(join('locales', language, 'studio.json'), 'utf8')) as Tree]),
);

function text(language: string, key: string): string | undefined {
  const [namespace, ...path] = key.split('.');
  expect(namespace).toBe('studio');
  let node: string | Tree | undefined = studioTexts.get(language as (typeof LANGUAGES)[number]);
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Words that read the same in the operator's language as in English: identifiers, not prose. */
const SAME_IN_EVERY_LANGUAGE = new Set(['ID', 'URL', 'SSO', 'OIDC', 'JSON', 'API']);

const settings = settingNodes(tenantSchema as SchemaNode).filter(({ path }) => path[0] !== '$schema' && path[0] !== 'overrides');
const keys = settings.flatMap(({ node, label, help }) => [label, ...(typeof node.description === 'string' ? [help] : [])]);

describe('tenant settings in the studio, in every language (issue 24)', () => {
  it('walks every setting: nested groups and the fields of a list of objects', () => {
    const paths = settings.map(({ path }) => path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['theme.primaryColor', 'limits.loginLock.baseMinutes', 'identityProviders.clientSecretEnv', 'config.logging']),
    );
    expect(settings.find(({ path }) => path.join('.') === 'limits.throttle')?.label).toBe('studio.settings.limits.throttle._label');
    expect(paths.length).toBeGreaterThanOrEqual(83);
  });

  it.each(LANGUAGES)('%s labels every setting, and explains each the schema describes', (language) => {
    expect(keys.filter((key) => !text(language, key)?.trim())).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s translates them, not an English copy', (language) => {
    const copies = keys.filter((key) => text(language, key) === text('en', key) && !SAME_IN_EVERY_LANGUAGE.has(text('en', key) ?? ''));
    expect(copies.map((key) => `${key}: ${text(language, key)}`)).toEqual([]);
  });

  it("gives the form each setting's label and help text", () => {
    const english = (key: string) => text('en', key) !== undefined;
    const ui = settingsUiSchema(tenantFormSchema(tenantSchema as Record<string, unknown>), english);
    type Ui = Record<string, unknown> & { items?: Ui };
    const fieldAt = (path: readonly string[]): Ui | undefined => {
      let field: Ui | undefined = { items: ui as Ui };
      // A list of objects labels its items' fields under RJSF's `items`.
      for (const name of path) field = (field?.items ?? field)?.[name] as Ui | undefined;
      return field;
    };
    const unlabelled = settings.filter(({ path, label }) => fieldAt(path)?.['ui:title'] !== label);
    expect(unlabelled.map(({ path }) => path.join('.'))).toEqual([]);
    expect(ui.limits?.throttle?.['ui:description']).toBe('studio.settingsHelp.limits.throttle._help');
    expect(ui.identityProviders?.items?.issuer).toEqual({
      'ui:title': 'studio.settings.identityProviders.issuer',
      'ui:description': 'studio.settingsHelp.identityProviders.issuer',
    });
  });
});
