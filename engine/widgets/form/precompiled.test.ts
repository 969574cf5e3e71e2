import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formNames, loadForm } from 'virtual:portal-forms';
import { formNames as signedInFormNames } from 'virtual:portal-forms/~signed-in';
import { earlyForms, generateFormModule, generateIndexModule, readForms } from '../../build/forms-plugin.ts';

const root = resolve(import.meta.dirname, '../../..');
const sources = readForms(resolve(root, 'screens/forms'), resolve(root, 'schemas/form.schema.json'));

/** What the form's precompiled validation reports for data: "property keyword", whichever renderer the form uses. */
async function errorsOf(name: string, data: Record<string, unknown>) {
  const form = await loadForm(name);
  if (form.flat) {
    form.validate(data);
    return (form.validate.errors ?? [])
      .map(
        (error) => `${error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.slice(1)} ${error.keyword}`,
      )
      .sort();
  }
  const { errors } = form.validator.validateFormData(data, form.definition.schema as RJSFSchema);
  return errors.map((error) => `${(error.property ?? '').replace(/^\./, '')} ${error.name}`).sort();
}

describe('precompiled form validators (strict CSP: nothing compiled at run time)', () => {
  it('generates modules without eval, new Function or require', () => {
    expect(sources.names).toEqual(expect.arrayContaining(['login', 'forgot-user', 'forgot-password', 'reset-password']));
    for (const name of sources.names) {
      const code = generateFormModule(name, sources.read(name));
      expect(code, name).not.toMatch(/new Function|\beval\s*\(|Function\s*\(|require\(/);
      expect(code, name).toMatch(/^export default /m);
    }
    expect(generateIndexModule(sources.names)).not.toMatch(/new Function|\beval\s*\(/);
  });

  it('renders the sign-in forms without RJSF (flat) and the bank account form with it', async () => {
    for (const name of ['login', 'forgot-user', 'forgot-password', 'reset-password', 'sso-start'])
      expect((await loadForm(name)).flat, name).toBe(true);
    expect((await loadForm('bank-account')).flat).toBe(false);
    const flatModule = generateFormModule('login', sources.read('login'));
    expect(flatModule).not.toContain('@rjsf');
  });

  it('lists every form of screens/forms, those of the sign-in pages in virtual:portal-forms, the rest in the signed-in module', () => {
    expect([...formNames, ...signedInFormNames].sort()).toEqual(sources.names);
    expect([...formNames]).toEqual(earlyForms(resolve(root, 'screens')));
    expect(formNames).toEqual(expect.arrayContaining(['login', 'forgot-user', 'forgot-password', 'reset-password']));
    expect(signedInFormNames).toEqual(expect.arrayContaining(['bank-account', 'card-request', 'card-termination', 'card-reauth']));
  });

  it('loads a signed-in form through the index, and refuses an unknown one', async () => {
    expect((await loadForm('card-reauth')).flat).toBe(true);
    await expect(loadForm('no-such-form')).rejects.toThrow(/Unknown form "no-such-form"; known forms: .*login.*card-reauth/);
  });

  it('validates sign-in data: required fields and accepted values', async () => {
    expect(await errorsOf('login', {})).toEqual(['password required', 'username required']);
    expect(await errorsOf('login', { username: 'payer', password: 'Portal#2026' })).toEqual([]);
    expect(await errorsOf('login', { username: 'x'.repeat(101), password: 'p' })).toEqual(['username maxLength']);
  });

  it('checks the email format in forgot-user', async () => {
    expect(await errorsOf('forgot-user', { email: 'not-an-email' })).toEqual(['email format']);
    expect(await errorsOf('forgot-user', { email: 'payer@demo.example' })).toEqual([]);
  });

  it('requires both passwords on reset-password', async () => {
    expect(await errorsOf('reset-password', { password: 'New#Pass2027' })).toEqual(['confirm_password required']);
    expect(await errorsOf('reset-password', { password: 'a', confirm_password: 'b' })).toEqual([]);
  });

  it('carries the definition with its i18n titles and uiSchema', async () => {
    const { definition } = await loadForm('login');
    expect(definition.schema.properties?.username).toMatchObject({ title: 'auth.fields.username' });
    expect(definition.uiSchema?.password).toMatchObject({ 'ui:widget': 'password', 'ui:autocomplete': 'current-password' });
    expect(definition).not.toHaveProperty('$schema');
  });

  it('refuses an unknown form with the known names', async () => {
    await expect(loadForm('nope')).rejects.toThrow(/Unknown form "nope"; known forms: .*login/);
  });

  it('fails on a definition that breaks the form schema, naming file and pointer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forms-'));
    writeFileSync(
      join(dir, 'broken.json'),
      JSON.stringify({ schema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } } }),
    );
    expect(() => readForms(dir, resolve(root, 'schemas/form.schema.json')).read('broken')).toThrow(
      /broken\.json: \/schema\/properties\/name\/title/,
    );
  });

  it('inlines the code-point length helper instead of requiring ajv at run time', () => {
    const code = generateFormModule('probe', {
      schema: { type: 'object', properties: { name: { type: 'string', title: 'auth.fields.username', minLength: 2 } } },
    });
    expect(code).toContain('function __ucs2length');
    expect(code).not.toContain('require(');
  });

  it('imports function formats as an ES module', () => {
    const code = generateFormModule('probe', {
      schema: { type: 'object', properties: { day: { type: 'string', title: 'auth.fields.username', format: 'date' } } },
    });
    expect(code).toContain('import * as __ajvFormats from "ajv-formats/dist/formats.js"');
  });
});
