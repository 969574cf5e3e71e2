import { describe, expect, it } from 'vitest';
import { Texts, type TextTree } from './i18next-texts.ts';
import { withTenantTexts } from './tenant-texts.ts';

const files: Record<string, TextTree> = {
  'en/overview': { title: 'Overview', due: 'Due' },
  'de/overview': { title: 'Übersicht', due: 'Fällig' },
};
const load = async (language: string, namespace: string) => files[`${language}/${namespace}`] ?? {};

describe("the portal's texts with the tenant's own (GET /config overrides.texts)", () => {
  it('reads the overridden text in its language and the shipped one elsewhere', async () => {
    const overrides = { de: { 'overview.title': 'Kontoübersicht' }, en: { 'overview.title': 'Account summary' } };
    const german = new Texts({ load: withTenantTexts(load, overrides), namespaces: ['overview'], language: 'de' });
    await german.ready(['overview']);
    expect(german.t('overview.title')).toBe('Kontoübersicht');
    expect(german.t('overview.due')).toBe('Fällig');
    await german.changeLanguage('en');
    expect(german.t('overview.title')).toBe('Account summary');
    expect(german.t('overview.due')).toBe('Due');
  });

  it('leaves the loader alone without overrides', () => {
    expect(withTenantTexts(load, undefined)).toBe(load);
    expect(withTenantTexts(load, {})).toBe(load);
  });
});
