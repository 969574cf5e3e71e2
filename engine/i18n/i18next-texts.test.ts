import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { Texts, type TextTree } from './i18next-texts.ts';
import { namespacesIn } from './namespaces.ts';
import { TextsProvider, useText } from './use-text.ts';

const files: Record<string, TextTree> = {
  'en/common': {
    hello: 'Hello {{name}}',
    raw: 'Hi {{- name}}',
    nested: { deep: 'Deep' },
    onlyEnglish: 'Only English',
    who: 'By {{user.name}}',
    items: 'items',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    items_zero: 'no items',
  },
  'en/auth': { title: 'Sign in' },
  'de/common': { hello: 'Hallo {{name}}', nested: { deep: 'Tief' }, items_one: '{{count}} Eintrag', items_other: '{{count}} Einträge' },
  'de/auth': { title: 'Anmelden' },
  'pl/common': { items_one: '{{count}} pozycja', items_few: '{{count}} pozycje', items_many: '{{count}} pozycji' },
};

function texts(language = 'en') {
  const load = vi.fn(async (lang: string, namespace: string) => files[`${lang}/${namespace}`] ?? {});
  return { load, texts: new Texts({ load, namespaces: ['common', 'auth', 'table'], language }) };
}
const loaded = (load: ReturnType<typeof texts>['load']) =>
  load.mock.calls.map(([language, namespace]) => `${language}/${namespace}`).sort();

describe('Texts (i18next behind the portal\'s "namespace.path" keys)', () => {
  it('reads "namespace.path" keys from the namespace file once it is ready', async () => {
    const { texts: english } = texts();
    await english.ready(['common']);
    expect(english.t('common.nested.deep')).toBe('Deep');
    expect(english.i18n.t('common.nested.deep')).toBe('Deep');
  });

  it('interpolates {{name}}, nested paths and {{- name}}, unescaped (React escapes)', async () => {
    const { texts: english } = texts();
    await english.ready(['common']);
    expect(english.t('common.hello', { name: '<b>Ann & Bob</b>' })).toBe('Hello <b>Ann & Bob</b>');
    expect(english.t('common.raw', { name: 'a/b' })).toBe('Hi a/b');
    expect(english.t('common.who', { user: { name: 'Ann' } })).toBe('By Ann');
    // A placeholder without a value stays visible; an explicitly empty one prints nothing.
    expect(english.t('common.hello')).toBe('Hello {{name}}');
    expect(english.t('common.hello', { name: null })).toBe('Hello ');
    expect(english.t('common.hello', { name: undefined })).toBe('Hello ');
  });

  it('answers the path of a text that exists nowhere, also for a key naming a group of texts', async () => {
    const { texts: english } = texts();
    await english.ready(['common']);
    expect(english.t('common.nothing.here')).toBe('nothing.here');
    expect(english.t('common.nested')).toBe('nested');
    expect(english.t('plain')).toBe('plain');
  });

  it("picks plural variants by count: _zero, then the language's category, then the plain key", async () => {
    const { texts: english } = texts();
    await english.ready(['common']);
    expect(english.t('common.items', { count: 0 })).toBe('no items');
    expect(english.t('common.items', { count: 1 })).toBe('1 item');
    expect(english.t('common.items', { count: 2 })).toBe('2 items');
    expect(english.t('common.items', { count: '2' })).toBe('items');
    expect(english.t('common.items')).toBe('items');
    const { texts: polish } = texts('pl');
    await polish.ready(['common']);
    expect([1, 3, 5, 22].map((count) => polish.t('common.items', { count }))).toEqual([
      '1 pozycja',
      '3 pozycje',
      '5 pozycji',
      '22 pozycje',
    ]);
  });

  it('falls back to English for a text the language lacks', async () => {
    const { texts: german, load } = texts('de');
    await german.ready(['common']);
    expect(loaded(load)).toEqual(['de/common', 'en/common']);
    expect(german.t('common.hello', { name: 'Ann' })).toBe('Hallo Ann');
    expect(german.t('common.onlyEnglish')).toBe('Only English');
    expect(german.t('common.items', { count: 3 })).toBe('3 Einträge');
  });

  it('loads namespaces lazily: only those asked for, each once, with one promise per wait', async () => {
    const { texts: english, load } = texts();
    expect(load).not.toHaveBeenCalled();
    const first = english.ready(['common', 'auth']);
    expect(first).toBeInstanceOf(Promise);
    expect(english.ready(['auth', 'common'])).toBe(first);
    await first;
    expect(english.ready(['common', 'auth'])).toBeNull();
    expect(english.ready(['not-a-namespace'])).toBeNull();
    expect(loaded(load)).toEqual(['en/auth', 'en/common']);
    expect(english.t('auth.title')).toBe('Sign in');
  });

  it('fetches the namespace of a text nobody loaded, then tells its readers', async () => {
    const { texts: english } = texts();
    await english.ready(['common']);
    const arrived = vi.fn();
    english.i18n.on('portalLateTexts', arrived);
    expect(english.t('auth.title')).toBe('title');
    await vi.waitFor(() => expect(arrived).toHaveBeenCalled());
    expect(english.t('auth.title')).toBe('Sign in');
  });

  it('changes language after loading every namespace used so far in it', async () => {
    const { texts: translator, load } = texts();
    await translator.ready(['common', 'auth']);
    const changed = vi.fn();
    translator.i18n.on('languageChanged', changed);
    await translator.changeLanguage('de');
    expect(loaded(load).filter((file) => file.startsWith('de/'))).toEqual(['de/auth', 'de/common']);
    expect(translator.language).toBe('de');
    expect(changed).toHaveBeenCalledWith('de');
    expect(translator.t('auth.title')).toBe('Anmelden');
  });

  it('preloads a language: every namespace used so far, fetched without switching, so the switch needs no fetch', async () => {
    const { texts: translator, load } = texts();
    await translator.ready(['common', 'auth']);
    const changed = vi.fn();
    translator.i18n.on('languageChanged', changed);
    await translator.preload('de');
    expect(loaded(load).filter((file) => file.startsWith('de/'))).toEqual(['de/auth', 'de/common']);
    expect(translator.language).toBe('en');
    expect(changed).not.toHaveBeenCalled();
    // i18next switches in the same call, without waiting for anything (i18n.ts makes that call in a transition).
    void translator.changeLanguage('de');
    expect(translator.language).toBe('de');
    expect(changed).toHaveBeenCalledWith('de');
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('rejects when a file fails, and fetches it again on the next wait', async () => {
    let fail = true;
    const translator = new Texts({
      load: async () => {
        if (fail) throw new Error('offline');
        return { a: 'A' };
      },
      namespaces: ['common'],
      language: 'en',
    });
    await expect(translator.ready(['common'])).rejects.toThrow('Texts not loaded: common');
    fail = false;
    await translator.ready(['common']);
    expect(translator.t('common.a')).toBe('A');
  });
});

function Heading() {
  const { t, language } = useText();
  return createElement('h1', { lang: language }, t('auth.title'), ' ', t('common.onlyEnglish'));
}

describe('useText', () => {
  it('translates through the provider in the current language', async () => {
    const { texts: translator } = texts();
    await translator.ready(['common', 'auth']);
    await translator.changeLanguage('de');
    const { prelude } = await prerenderToNodeStream(createElement(TextsProvider, { texts: translator }, createElement(Heading)));
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    expect(html).toBe('<h1 lang="de">Anmelden<!-- --> <!-- -->Only English</h1>');
  });
});

describe('namespacesIn', () => {
  it('collects the known namespaces of the keys a definition names', () => {
    const definition = {
      title: 'auth.login.title',
      body: [{ text: 'common.loading' }, { text: 'plain text.' }, { source: '/api/x.json' }, { label: 'table.next' }],
    };
    expect(namespacesIn(definition, ['auth', 'common'])).toEqual(['auth', 'common']);
  });
});
