import { describe, expect, it, vi } from 'vitest';
import { interpolate, Texts, type TextTree } from './texts.ts';
import { namespacesIn } from './namespaces.ts';

const files: Record<string, TextTree> = {
  'en/common': { hello: 'Hello {{name}}', nested: { deep: 'Deep' }, onlyEnglish: 'Only English', items: 'items', items_one: '{{count}} item', items_other: '{{count}} items', items_zero: 'no items' },
  'en/auth': { title: 'Sign in' },
  'de/common': { hello: 'Hallo {{name}}', nested: { deep: 'Tief' }, items_one: '{{count}} Eintrag', items_other: '{{count}} Einträge' },
  'de/auth': { title: 'Anmelden' },
};

function texts(language = 'en') {
  const load = vi.fn(async (lang: string, namespace: string) => files[`${lang}/${namespace}`] ?? {});
  return { load, texts: new Texts({ load, namespaces: ['common', 'auth', 'table'], language }) };
}

describe('interpolate (i18next placeholders, nothing escaped)', () => {
  it('fills names, nested paths and the unescaped form', () => {
    expect(interpolate('{{a}} and {{ b }} and {{- c}}', { a: 1, b: '<b>', c: 'x' })).toBe('1 and <b> and x');
    expect(interpolate('Hi {{user.name}}', { user: { name: 'Ann' } })).toBe('Hi Ann');
    expect(interpolate('{{list}}', { list: ['a', 'b'] })).toBe('a,b');
  });
  it('keeps a placeholder without a value and prints nothing for null or an explicit undefined', () => {
    expect(interpolate('{{missing}}!', {})).toBe('{{missing}}!');
    expect(interpolate('[{{a}}][{{b}}]', { a: null, b: undefined })).toBe('[][]');
    expect(interpolate('{{zero}}', { zero: 0 })).toBe('0');
  });
});

describe('Texts', () => {
  it('translates "namespace.path" keys once their namespace is ready', async () => {
    const { texts: english } = texts();
    await english.ready(['common']);
    expect(english.t('common.hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(english.t('common.nested.deep')).toBe('Deep');
  });

  it('answers the path for a text that does not exist, and a key without a namespace as it is', async () => {
    const { texts: english } = texts();
    await english.ready(['common']);
    expect(english.t('common.nothing.here')).toBe('nothing.here');
    expect(english.t('common.nested')).toBe('nested');
    expect(english.t('unknown.key')).toBe('key');
    expect(english.t('plain')).toBe('plain');
  });

  it('picks the plural variant for a numeric count, like i18next', async () => {
    const { texts: english } = texts();
    await english.ready(['common']);
    expect(english.t('common.items', { count: 0 })).toBe('no items');
    expect(english.t('common.items', { count: 1 })).toBe('1 item');
    expect(english.t('common.items', { count: 2 })).toBe('2 items');
    expect(english.t('common.items', { count: '2' })).toBe('items');
    expect(english.t('common.items')).toBe('items');
  });

  it('is ready at once (null) for loaded namespaces and gives one promise while they load', async () => {
    const { texts: english, load } = texts();
    const first = english.ready(['common', 'auth']);
    expect(first).toBeInstanceOf(Promise);
    expect(english.ready(['auth', 'common'])).toBe(first);
    await first;
    expect(english.ready(['common', 'auth'])).toBeNull();
    expect(english.ready(['not-a-namespace'])).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('falls back to English, loading it only when a text is missing', async () => {
    const { texts: german, load } = texts('de');
    await german.ready(['common']);
    expect(load.mock.calls).toEqual([['de', 'common']]);
    const changed = vi.fn();
    german.subscribe(changed);
    expect(german.t('common.onlyEnglish')).toBe('onlyEnglish');
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(german.t('common.onlyEnglish')).toBe('Only English');
    expect(german.t('common.items', { count: 3 })).toBe('3 Einträge');
  });

  it('loads a namespace nobody asked for when a text of it is wanted, then tells its readers', async () => {
    const { texts: english } = texts();
    const changed = vi.fn();
    english.subscribe(changed);
    expect(english.t('auth.title')).toBe('title');
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(english.t('auth.title')).toBe('Sign in');
  });

  it('changes language after loading every namespace asked for so far', async () => {
    const { texts: translator, load } = texts();
    await translator.ready(['common', 'auth']);
    const version = translator.version();
    await translator.changeLanguage('de');
    expect(load.mock.calls.filter(([language]) => language === 'de').map(([, namespace]) => namespace).sort()).toEqual(['auth', 'common']);
    expect(translator.language).toBe('de');
    expect(translator.version()).toBeGreaterThan(version);
    expect(translator.t('auth.title')).toBe('Anmelden');
  });

  it('lets a failed load be tried again', async () => {
    let fail = true;
    const translator = new Texts({ load: async () => { if (fail) throw new Error('offline'); return { a: 'A' }; }, namespaces: ['common'], language: 'en' });
    await expect(translator.ready(['common'])).rejects.toThrow('offline');
    fail = false;
    await translator.ready(['common']);
    expect(translator.t('common.a')).toBe('A');
  });
});

describe('namespacesIn', () => {
  it('collects the known namespaces of the keys a definition names', () => {
    const definition = { title: 'auth.login.title', body: [{ text: 'common.loading' }, { text: 'plain text.' }, { source: '/api/x.json' }, { label: 'table.next' }] };
    expect(namespacesIn(definition, ['auth', 'common'])).toEqual(['auth', 'common']);
  });
});
