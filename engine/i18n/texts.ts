/**
 * The portal's translator. Keys are written "namespace.path.to.text" everywhere (definitions,
 * components, API error codes); the texts are one nested JSON file per language and namespace
 * (locales/<language>/<namespace>.json), loaded only when something asks for that namespace.
 *
 * It keeps the i18next behaviour the portal relied on: `{{name}}` placeholders (nested paths
 * like `{{user.name}}`, `{{- name}}`; nothing is escaped, React escapes), a placeholder without a
 * value stays visible, an empty or null value prints nothing; English as the fallback language;
 * the key's path (without the namespace) for a text that exists nowhere; and plural variants
 * (`key_zero`, `key_one`, `key_other`… by Intl.PluralRules) when `count` is a number.
 */
import { interpolate, lookUp, type TextTree } from '../../domain/text-format.ts';

export { interpolate, type TextTree } from '../../domain/text-format.ts';
export type LoadTexts = (language: string, namespace: string) => Promise<TextTree>;
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export class Texts {
  readonly namespaces: readonly string[];
  readonly fallbackLanguage: string;
  #language: string;
  readonly #load: LoadTexts;
  /** `${language}/${namespace}` → its texts once loaded. */
  readonly #bundles = new Map<string, TextTree>();
  readonly #loading = new Map<string, Promise<void>>();
  /** Pending `ready()` results, so a suspended component finds the same promise again. */
  readonly #waits = new Map<string, Promise<void>>();
  /** Every namespace asked for so far: a language change loads them all before switching. */
  readonly #wanted = new Set<string>();
  readonly #listeners = new Set<() => void>();
  #version = 0;
  #plurals: Intl.PluralRules | undefined;

  constructor(options: { load: LoadTexts; namespaces: readonly string[]; language: string; fallbackLanguage?: string }) {
    this.#load = options.load;
    this.namespaces = options.namespaces;
    this.#language = options.language;
    this.fallbackLanguage = options.fallbackLanguage ?? 'en';
  }

  get language(): string { return this.#language; }

  /** Bumped whenever what `t` returns may have changed (useSyncExternalStore's snapshot). */
  readonly version = (): number => this.#version;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => { this.#listeners.delete(listener); };
  };

  /**
   * Loads these namespaces in the current language. Null when they are already there, so a
   * component can `use()` the result only while it has to wait.
   */
  ready(namespaces: Iterable<string>): Promise<void> | null {
    const missing: string[] = [];
    for (const namespace of namespaces) {
      if (!this.namespaces.includes(namespace)) continue;
      this.#wanted.add(namespace);
      if (!this.#bundles.has(`${this.#language}/${namespace}`)) missing.push(namespace);
    }
    if (missing.length === 0) return null;
    const key = `${this.#language}|${missing.sort().join()}`;
    let wait = this.#waits.get(key);
    if (!wait) {
      wait = Promise.all(missing.map((namespace) => this.#request(this.#language, namespace))).then(() => undefined);
      this.#waits.set(key, wait);
      const forget = () => { this.#waits.delete(key); };
      wait.then(forget, forget);
    }
    return wait;
  }

  /** Loads every namespace asked for so far in `language`, then switches to it. */
  async changeLanguage(language: string): Promise<void> {
    // Again until nothing is missing: a screen may ask for more while these load.
    let missing: string[];
    while ((missing = [...this.#wanted].filter((namespace) => !this.#bundles.has(`${language}/${namespace}`))).length > 0) {
      await Promise.all(missing.map((namespace) => this.#request(language, namespace)));
    }
    this.#language = language;
    this.#plurals = undefined;
    this.#changed();
  }

  readonly t: Translate = (key, values = {}) => {
    const dot = key.indexOf('.');
    if (dot < 0) return key;
    const namespace = key.slice(0, dot);
    const path = key.slice(dot + 1);
    const text = this.#text(this.#language, namespace, path, values)
      ?? (this.#language === this.fallbackLanguage ? undefined : this.#text(this.fallbackLanguage, namespace, path, values));
    return text === undefined ? path : interpolate(text, values);
  };

  #text(language: string, namespace: string, path: string, values: Record<string, unknown>): string | undefined {
    const bundle = this.#bundles.get(`${language}/${namespace}`);
    if (!bundle) {
      // Nothing should get here (screens and the shell load their namespaces first); if
      // something does, its text follows as soon as the file has arrived.
      if (this.namespaces.includes(namespace)) this.#request(language, namespace).then(() => this.#changed(), () => undefined);
      return undefined;
    }
    const parts = path.split('.');
    const last = parts.length - 1;
    for (const suffix of this.#pluralSuffixes(language, values.count)) {
      const text = lookUp(bundle, [...parts.slice(0, last), `${parts[last]}${suffix}`]);
      if (typeof text === 'string') return text;
    }
    return undefined;
  }

  /** i18next's order: `_zero` for 0, then the language's plural category, then the plain key. */
  #pluralSuffixes(language: string, count: unknown): string[] {
    if (typeof count !== 'number') return [''];
    const rules = language === this.#language ? (this.#plurals ??= new Intl.PluralRules(language)) : new Intl.PluralRules(language);
    return [...(count === 0 ? ['_zero'] : []), `_${rules.select(count)}`, ''];
  }

  #request(language: string, namespace: string): Promise<void> {
    const key = `${language}/${namespace}`;
    if (this.#bundles.has(key)) return Promise.resolve();
    let loading = this.#loading.get(key);
    if (!loading) {
      loading = this.#load(language, namespace).then(
        (tree) => { this.#bundles.set(key, tree); this.#loading.delete(key); },
        (error: unknown) => { this.#loading.delete(key); throw error; },
      );
      this.#loading.set(key, loading);
    }
    return loading;
  }

  #changed(): void {
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }
}
