import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ROUTE_HINTS_FILE, type RouteHint, type RouteHints } from '../../common/route-hints.ts';
import { frameScreenNamespaces } from '../i18n/screen-texts.ts';
import { namespacesIn } from '../i18n/namespaces.ts';
import { readScreens } from './screens-plugin.ts';
import { widgetsIn } from '../definitions/widgets-in.ts';

/** The modules a signed-in page loads whatever its screen (session/store.ts, session/boot-view.ts, data/data-layer.tsx). */
const SIGNED_IN_MODULES = [
  'engine/data/data-layer.tsx',
  'engine/session/boot-view.ts',
  'engine/session/signed-in.ts',
  'engine/policy/build-ability.ts',
];
const FRAME_MODULE = 'engine/shell/Shell.tsx';
const GUARD_MODULE = 'engine/routing/GuardGate.tsx';
const WIDGET_REGISTRY = 'engine/registry/widgets.ts';

/**
 * Widget name → the module its registry entry imports (registry/widgets.ts `widgetModules`, read
 * as text: the registry is browser code). The plugin's test checks every lazy widget is found.
 */
export function widgetModuleFiles(registryFile: string): Record<string, string> {
  const source = readFileSync(registryFile, 'utf8');
  return Object.fromEntries(
    [...source.matchAll(/^\s*(\w+): \(\) => import\('([^']+)'\)/gm)].map((match) => [match[1]!, resolve(dirname(registryFile), match[2]!)]),
  );
}

/**
 * Writes ROUTE_HINTS_FILE (common/route-hints.ts) into the build: per screen, the JavaScript files
 * its first render needs beyond the entry's (the definition's chunk, its widgets', the signed-in
 * frame and data layer for a signed-in screen, each with what it imports statically) and the
 * namespaces it waits for. The server turns it into `modulepreload` links and the page's hints
 * (server/http/route-hints.ts), so a cold load asks for all of it beside the entry script instead
 * of chunk after chunk (issue 25).
 */
export function routeHintsPlugin(directory = 'screens', localesDirectory = 'locales/en'): Plugin {
  let base = '/';
  return {
    name: 'portal-route-hints',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: Iterable<string>) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          byFile.get(file)?.imports.forEach(visit);
        };
        for (const root of roots) visit(root);
        return seen;
      };
      const entry = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const inEntry = closure(entry);
      const chunkOf = (module: string) => chunks.find((chunk) => chunk.moduleIds.includes(resolve(module)))?.fileName;
      const widgetFiles = widgetModuleFiles(resolve(WIDGET_REGISTRY));
      const known = readdirSync(resolve(localesDirectory))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length));
      const routes = readScreens(resolve(directory)).map(({ file, definition }): RouteHint => {
        const frame = definition.layout === 'shell';
        const signedIn = frame || definition.guard?.public !== true;
        const modules = [
          file,
          ...(frame ? [FRAME_MODULE] : signedIn ? [GUARD_MODULE] : []),
          ...(signedIn ? SIGNED_IN_MODULES : []),
          ...widgetsIn(definition.body).flatMap((widget) => (widgetFiles[widget] ? [widgetFiles[widget]] : [])),
        ].flatMap((module) => chunkOf(module) ?? []);
        const files = [...closure(modules)].filter((fileName) => !inEntry.has(fileName)).sort();
        return {
          path: definition.path,
          signedIn,
          modules: files.map((fileName) => `${base}${fileName}`),
          styles: [...new Set(files.flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]))]
            .sort()
            .map((fileName) => `${base}${fileName}`),
          namespaces: frame
            ? [...frameScreenNamespaces(definition, known)]
            : ['common', ...namespacesIn(definition, known).filter((namespace) => namespace !== 'common')],
        };
      });
      const hints: RouteHints = { routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_HINTS_FILE, source: JSON.stringify(hints) });
    },
  };
}
