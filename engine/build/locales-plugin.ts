import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:portal-locales';
const RESOLVED_ID = `\0${MODULE_ID}`;

interface LocaleFile {
  language: string;
  namespace: string;
  source: string;
}

/** Every locales/<language>/<namespace>.json, sorted, with its text. */
export function readLocaleFiles(directory: string): LocaleFile[] {
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((language) =>
      readdirSync(join(directory, language))
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => ({
          language,
          namespace: name.slice(0, -'.json'.length),
          source: readFileSync(join(directory, language, name), 'utf8'),
        })),
    );
}

/** One short hash of every locale file's name and text: any change gives the whole set a new folder. */
export function localesHash(files: readonly LocaleFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.language}/${file.namespace}\n${file.source}\n`);
  return hash.digest('base64url').slice(0, 10);
}

/**
 * `virtual:portal-locales`: the namespaces (the file names of locales/en) and `localeUrl(language,
 * namespace)`, the URL i18next's backend fetches a language file from (engine/i18n/i18n.ts).
 * The build emits every language file, minified, under one hashed folder
 * (`assets/locales-<hash>/<language>/<namespace>.json`, immutable like every asset), so the entry
 * holds one folder name instead of a hashed URL per file: 180 of them cost the /login entry ~2 KB
 * gzip (bench/bundle.ts). The dev server serves locales/ as it is.
 */
export function localesPlugin(directory = 'locales', fallbackLanguage = 'en'): Plugin {
  const root = resolve(directory);
  // Where the built files go (under the output folder), none when serving; and their URL.
  let emitTo: string | undefined;
  let folder = '/locales/';
  return {
    name: 'portal-locales',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    configResolved(config) {
      if (config.command !== 'build') return;
      emitTo = `${config.build.assetsDir}/locales-${localesHash(readLocaleFiles(root))}/`;
      folder = `${config.base}${emitTo}`;
    },
    buildStart() {
      if (!emitTo) return;
      for (const file of readLocaleFiles(root)) {
        this.emitFile({
          type: 'asset',
          fileName: `${emitTo}${file.language}/${file.namespace}.json`,
          source: JSON.stringify(JSON.parse(file.source)),
        });
      }
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const files = readLocaleFiles(root);
      for (const file of files) this.addWatchFile(join(root, file.language, `${file.namespace}.json`));
      const namespaces = files.filter((file) => file.language === fallbackLanguage).map((file) => file.namespace);
      return [
        `export const NAMESPACES = ${JSON.stringify(namespaces)};`,
        `export const localeUrl = (language, namespace) => ${JSON.stringify(folder)} + language + '/' + namespace + '.json';`,
      ].join('\n');
    },
  };
}
