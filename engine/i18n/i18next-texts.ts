import { createInstance, type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { SHARED_I18NEXT_OPTIONS } from '../../common/i18next-options.ts';

/** A namespace's texts: locales/<language>/<namespace>.json. */
export type TextTree = { [key: string]: string | TextTree };
export type LoadTexts = (language: string, namespace: string) => Promise<TextTree>;
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Emitted on the i18next instance when a text's late namespace arrived (its readers render again). */
export const LATE_TEXTS_EVENT = 'portalLateTexts';

/**
 * The portal's translator: an i18next instance (translation, plurals, interpolation, English
 * fallback, lazy namespaces through its backend) behind the small contract the engine uses.
 * Keys are "namespace.path" (see common/i18next-options.ts). What i18next does not say by
 * itself, this adds: `ready()` answers null or one stable promise per wait, so a component can
 * `use()` it (React needs the same promise on the next render), and a text of a namespace
 * nobody loaded yet fetches it (a safety net, see engine/README.md "What a page loads").
 *
 * const texts = new Texts({ load, namespaces: ['common', 'auth'], language: 'de' });
 * await texts.ready(['auth']); texts.t('auth.login.title') === 'Anmelden'
 */
export class Texts {
  readonly i18n: I18n;
  readonly namespaces: readonly string[];
  /** Pending `ready()` results, so a suspended component finds the same promise again. */
  readonly #waits = new Map<string, Promise<void>>();
  /** Namespaces whose file failed: i18next does not fetch those again unless asked to reload. */
  readonly #failed = new Set<string>();

  constructor(options: { load: LoadTexts; namespaces: readonly string[]; language: string }) {
    this.namespaces = options.namespaces;
    this.i18n = createInstance().use(resourcesToBackend(options.load));
    // Nothing to load at init (no `ns`), so with initAsync off the instance is ready at once.
    void this.i18n.init({
      ...SHARED_I18NEXT_OPTIONS,
      lng: options.language,
      ns: [],
      initAsync: false,
      // A signed-in screen waits for every namespace: fetch them all at once (i18next's default is 10).
      maxParallelReads: Math.max(10, options.namespaces.length * 2),
    });
  }

  get language(): string {
    return this.i18n.language;
  }

  /**
   * Loads these namespaces (in the current language and English). Null when they are there, so a
   * component can `use()` the result only while it has to wait; rejects when a file failed.
   */
  ready(namespaces: Iterable<string>): Promise<void> | null {
    const language = this.language;
    const missing = [...namespaces].filter(
      (namespace) => this.namespaces.includes(namespace) && !this.i18n.hasResourceBundle(language, namespace),
    );
    if (missing.length === 0) return null;
    const key = `${language}|${missing.sort().join()}`;
    let wait = this.#waits.get(key);
    if (!wait) {
      wait = this.#load(missing);
      this.#waits.set(key, wait);
      const forget = () => {
        this.#waits.delete(key);
      };
      wait.then(forget, forget);
    }
    return wait;
  }

  /**
   * Fetches every namespace loaded so far (i18next's `ns`) in `language` without switching to it,
   * so that changeLanguage then finds them all and switches at once, in the caller's render
   * (i18n.ts changeLanguage: in a transition). Rejects when a file failed.
   */
  preload(language: string): Promise<void> {
    const missing = (this.i18n.options.ns as readonly string[]).filter((namespace) => !this.i18n.hasResourceBundle(language, namespace));
    if (missing.length === 0) return Promise.resolve();
    // i18next's own loader, so its bookkeeping knows the files are there (i18next types its services' loader as any).
    const loader = this.i18n.services.backendConnector as {
      load(languages: string[], namespaces: string[], done: (errors?: unknown) => void): void;
    };
    return settled((done) => loader.load([language], missing, done));
  }

  /** Switches language once every namespace loaded so far is there in it (i18next's `ns`). */
  async changeLanguage(language: string): Promise<void> {
    await this.i18n.changeLanguage(language);
  }

  readonly t: Translate = (key, values) => {
    this.fetchLate(key);
    return this.i18n.t(key, values);
  };

  /**
   * Screens load their namespaces first; a text of a namespace nobody asked for yet fetches it,
   * and its readers render again once it is in.
   */
  fetchLate(key: string): void {
    const namespace = key.slice(0, Math.max(0, key.indexOf('.')));
    if (this.namespaces.includes(namespace) && !this.#known(namespace)) {
      this.#load([namespace]).then(
        () => this.i18n.emit(LATE_TEXTS_EVENT),
        () => undefined,
      );
    }
  }

  #known(namespace: string): boolean {
    return (this.i18n.options.ns as readonly string[]).includes(namespace);
  }

  /**
   * loadNamespaces adds them to i18next's `ns` (so a language change loads them too); a file that
   * failed before is fetched again only by reloadResources.
   */
  async #load(namespaces: string[]): Promise<void> {
    const again = namespaces.filter((namespace) => this.#failed.has(namespace));
    const fresh = namespaces.filter((namespace) => !this.#failed.has(namespace));
    try {
      await Promise.all([
        fresh.length > 0 ? settled((done) => this.i18n.loadNamespaces(fresh, done)) : undefined,
        again.length > 0 ? settled((done) => this.i18n.reloadResources([...this.i18n.languages], again, done)) : undefined,
      ]);
      again.forEach((namespace) => this.#failed.delete(namespace));
    } catch (error) {
      namespaces.forEach((namespace) => this.#failed.add(namespace));
      throw new Error(`Texts not loaded: ${namespaces.join(', ')}`, { cause: error });
    }
  }
}

/** i18next's load callbacks report failed files as their argument; its promises always resolve. */
function settled(start: (done: (errors?: unknown) => void) => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    start((errors) => {
      if (errors) reject(errors);
      else resolve();
    });
  });
}
