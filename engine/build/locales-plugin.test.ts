import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { localesHash, localesPlugin, readLocaleFiles } from './locales-plugin.ts';

function localesDirectory(files: Record<string, unknown>): string {
  const directory = mkdtempSync(join(tmpdir(), 'locales-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(directory, path.split('/')[0]!), { recursive: true });
    writeFileSync(join(directory, path), JSON.stringify(content, null, 2));
  }
  return directory;
}

type Hook = (...args: unknown[]) => unknown;
const call = (plugin: object, hook: string, context: object, ...args: unknown[]) =>
  (plugin as Record<string, Hook>)[hook]!.call(context, ...args);

/** The plugin as a build runs it: the emitted files and the module's code. */
function build(directory: string) {
  const plugin = localesPlugin(directory);
  const emitted: Array<{ fileName: string; source: string }> = [];
  call(plugin, 'configResolved', {}, { command: 'build', base: '/', build: { assetsDir: 'assets' } } as unknown as ResolvedConfig);
  call(plugin, 'buildStart', { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) });
  const code = call(plugin, 'load', { addWatchFile: () => undefined }, '\0virtual:portal-locales') as string;
  return { emitted, code };
}

describe('the locales plugin (one hashed folder instead of a hashed URL per file in the entry)', () => {
  const files = {
    'en/auth.json': { login: { title: 'Sign in' } },
    'en/common.json': { ok: 'OK' },
    'de/auth.json': { login: { title: 'Anmelden' } },
    'de/common.json': { ok: 'OK' },
  };

  it('emits every language file, minified, under one folder named by a hash of them all', () => {
    const { emitted, code } = build(localesDirectory(files));
    const folder = /"(\/assets\/locales-[\w-]{10}\/)"/.exec(code)?.[1];
    expect(folder).toBeDefined();
    expect(emitted.map((file) => file.fileName).sort()).toEqual(
      ['de/auth.json', 'de/common.json', 'en/auth.json', 'en/common.json'].map((file) => `${folder!.slice(1)}${file}`),
    );
    expect(emitted.find((file) => file.fileName.endsWith('de/auth.json'))?.source).toBe('{"login":{"title":"Anmelden"}}');
    expect(code).toContain('export const NAMESPACES = ["auth","common"];');
  });

  it('gives the folder a new name when any text changes, so a cached language file is never stale', () => {
    const before = localesHash(readLocaleFiles(localesDirectory(files)));
    expect(localesHash(readLocaleFiles(localesDirectory(files)))).toBe(before);
    expect(localesHash(readLocaleFiles(localesDirectory({ ...files, 'de/common.json': { ok: 'Gut' } })))).not.toBe(before);
  });

  it('points at locales/ as it is on the development server, emitting nothing', () => {
    const plugin = localesPlugin(localesDirectory(files));
    call(plugin, 'configResolved', {}, { command: 'serve', base: '/', build: { assetsDir: 'assets' } } as unknown as ResolvedConfig);
    const emitted: unknown[] = [];
    call(plugin, 'buildStart', { emitFile: (file: unknown) => emitted.push(file) });
    expect(emitted).toEqual([]);
    expect(call(plugin, 'load', { addWatchFile: () => undefined }, '\0virtual:portal-locales')).toContain('"/locales/"');
  });
});
