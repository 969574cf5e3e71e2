import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadForm } from 'virtual:portal-forms';
import { isFlatForm } from '../../build/flat-forms.ts';
import { Texts, type TextTree } from '../../i18n/i18next-texts.ts';
import { flatFieldErrors } from './flat-validation.ts';
import { runValidators } from './validators.ts';

const locale = (namespace: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../locales/en/${namespace}.json`), 'utf8')) as TextTree;
const texts = new Texts({ load: async (_language, namespace) => locale(namespace), namespaces: ['auth', 'errors'], language: 'en' });
await texts.ready(['auth', 'errors']);
const { t } = texts;

const rules = {
  minLength: 8,
  maxLength: 64,
  minNumeric: 1,
  minUpper: 1,
  minLower: 1,
  minAlpha: 2,
  minSpecial: 1,
  minNonAlpha: 2,
  historySize: 5,
};

async function errorsOf(name: string, data: Record<string, unknown>) {
  const form = await loadForm(name);
  if (!form.flat) throw new Error(`${name} is not flat`);
  return flatFieldErrors(form.validate, form.definition, data, { limits: { password: rules, maxNameLength: 50 } }, t, runValidators);
}

describe('flat forms', () => {
  it('are one object of text and checkbox fields', () => {
    const field = { type: 'string', title: 'auth.fields.username' } as const;
    expect(
      isFlatForm({ schema: { type: 'object', properties: { username: field, keep: { type: 'boolean', title: 'auth.fields.username' } } } }),
    ).toBe(true);
    expect(
      isFlatForm({ schema: { type: 'object', properties: { username: field } }, uiSchema: { username: { 'ui:widget': 'password' } } }),
    ).toBe(true);
    expect(isFlatForm({ schema: { type: 'object', properties: { country: { ...field, enum: ['US', 'CA'] } } } })).toBe(false);
    expect(isFlatForm({ schema: { type: 'object', properties: { username: field }, allOf: [] } })).toBe(false);
    expect(
      isFlatForm({ schema: { type: 'object', properties: { username: field } }, uiSchema: { username: { 'ui:widget': 'select' } } }),
    ).toBe(false);
    expect(isFlatForm({ schema: { type: 'object', properties: { count: { type: 'number', title: 'auth.fields.username' } } } })).toBe(
      false,
    );
  });

  it('say "{field} is required" per missing field, with the field title', async () => {
    expect(await errorsOf('login', {})).toEqual({ username: ['Username is required'], password: ['Password is required'] });
    expect(await errorsOf('login', { username: 'payer', password: 'Portal#2026' })).toEqual({});
  });

  it('report formats and the named rules (password rules, confirmation) under their fields', async () => {
    expect(Object.keys(await errorsOf('forgot-user', { email: 'not-an-email' }))).toEqual(['email']);
    const reset = await errorsOf('reset-password', { password: 'short', confirm_password: 'other' });
    expect(reset.password).toHaveLength(1);
    expect(reset.confirm_password).toEqual([t('errors.auth.passwordsDoNotMatch')]);
    expect(await errorsOf('reset-password', { password: 'New#Pass2027', confirm_password: 'New#Pass2027' })).toEqual({});
  });
});
