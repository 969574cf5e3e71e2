import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { createAjv, describeErrors } from '../../schemas/ajv.ts';
import type { ScreenDefinition, ScreenRoute } from '../definitions/types.ts';
import { namespacesIn } from '../i18n/namespaces.ts';
import { readParts } from './screen-parts.ts';
import { resolveParts } from '../../common/definition-parts.ts';
import { buildScreenSchema } from '../registry/screen-schema.ts';
import { frameScreenNamespaces } from '../i18n/screen-texts.ts';
import { firstReads } from '../routing/first-reads.ts';

/** Built from the widgets' contracts, not read from schemas/ (whose copy a test keeps in step). */
const screenSchema = buildScreenSchema();

const MODULE_ID = 'virtual:portal-screens';
const RESOLVED_ID = `\0${MODULE_ID}`;
const VALIDATOR_ID = 'virtual:portal-screen-validator';
const RESOLVED_VALIDATOR_ID = `\0${VALIDATOR_ID}`;
const READS_ID = 'virtual:portal-screen-reads';
const RESOLVED_READS_ID = `\0${READS_ID}`;
const GUARDS_ID = 'virtual:portal-screen-guards';
const RESOLVED_GUARDS_ID = `\0${GUARDS_ID}`;
const SHELL_LOADERS_ID = 'virtual:portal-shell-loaders';
const RESOLVED_SHELL_LOADERS_ID = `\0${SHELL_LOADERS_ID}`;
const RESOLVED: Record<string, string> = {
  [MODULE_ID]: RESOLVED_ID,
  [VALIDATOR_ID]: RESOLVED_VALIDATOR_ID,
  [READS_ID]: RESOLVED_READS_ID,
  [GUARDS_ID]: RESOLVED_GUARDS_ID,
  [SHELL_LOADERS_ID]: RESOLVED_SHELL_LOADERS_ID,
};

/** A screen file with the parts it uses resolved (common/definition-parts.ts); an unknown part fails. */
export function resolvedScreen(file: string, parts: ReturnType<typeof readParts>): unknown {
  const named = new Map([...parts].map(([name, part]) => [name, part.definition]));
  const { resolved, unknown } = resolveParts(JSON.parse(readFileSync(file, 'utf8')) as unknown, named);
  if (unknown.length > 0)
    throw new Error(`${file}: ${unknown.map(({ pointer, part }) => `${pointer}: ${part} is no part of screens/parts`).join('; ')}`);
  return resolved;
}

/** Reads and validates every screens/*.json, its parts resolved; an invalid definition fails the build with file and pointer. */
export function readScreens(directory: string): Array<{ file: string; definition: ScreenDefinition }> {
  const validate = createAjv().compile<ScreenDefinition>(screenSchema);
  const parts = readParts(directory);
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = join(directory, name);
      const definition = resolvedScreen(file, parts);
      if (!validate(definition)) throw new Error(`${file}: ${describeErrors(validate.errors)}`);
      return { file, definition };
    });
}

/**
 * `virtual:portal-screens` gives the router what it needs up front (id, path, layout, guard outside the frame),
 * one lazy loader per screen, so each route's definition is its own chunk, and the locale
 * namespaces each definition names, so a route loads its texts beside its chunk.
 * `virtual:portal-screen-reads` holds the nodes each screen reads data with (routing/first-reads.ts),
 * so its route loader starts them at once; only the signed-in data layer imports it (the
 * prefetch), so the sign-in pages do not load it.
 * `virtual:portal-shell-loaders` holds the loaders of the signed-in frame's screens, which the
 * entry's table leaves out: it comes with the signed-in data layer (build/chunks.ts `data`).
 * `virtual:portal-screen-guards` holds every screen's guard; the router's table carries only those of
 * the screens outside the signed-in frame, whose chunk (shell/Shell.tsx) imports the rest.
 * `virtual:portal-screen-validator` is the screen schema's validator compiled ahead of time, so
 * tenant overrides are checked in the browser without eval (strict CSP); it is imported only
 * when a tenant patches a screen, so it stays out of the entry chunk.
 */
export function screensPlugin(directory = 'screens', localesDirectory = 'locales/en'): Plugin {
  const root = resolve(directory);
  const locales = resolve(localesDirectory);
  return {
    name: 'portal-screens',
    resolveId: (id) => RESOLVED[id],
    load(id) {
      // A screen's own chunk carries it with its parts resolved (`$use`, common/definition-parts.ts).
      if (dirname(id) === root && id.endsWith('.json')) {
        const parts = readParts(root);
        for (const { file } of parts.values()) this.addWatchFile(file);
        return JSON.stringify(resolvedScreen(id, parts));
      }
      if (id === RESOLVED_VALIDATOR_ID) {
        const ajv = createAjv({ code: { source: true, esm: true } });
        const validator = standaloneCode(ajv, ajv.compile(screenSchema));
        return [
          validator.replace(/export default validate\w*;?/, '').replace(/^"use strict";/, ''),
          `export const validateScreen = ${/export const validate = (validate\w+)/.exec(validator)?.[1] ?? 'validate'};`,
        ].join('\n');
      }
      if (![RESOLVED_ID, RESOLVED_READS_ID, RESOLVED_GUARDS_ID, RESOLVED_SHELL_LOADERS_ID].includes(id)) return undefined;
      const screens = readScreens(root);
      for (const { file } of screens) this.addWatchFile(file);
      if (id === RESOLVED_READS_ID) {
        return `export const screenReads = ${JSON.stringify(
          Object.fromEntries(
            screens.flatMap(({ definition }) => {
              const reads = firstReads(definition.body);
              return reads.length ? [[definition.id, reads]] : [];
            }),
          ),
        )};`;
      }
      const known = readdirSync(locales)
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length));
      if (id === RESOLVED_GUARDS_ID) {
        // The frame's screens' namespaces come with the frame's chunk too (routing/GuardedScreen.tsx), not with the entry.
        const frameTexts = Object.fromEntries(
          screens
            .filter(({ definition }) => definition.layout === 'shell')
            .map(({ definition }) => [definition.id, frameScreenNamespaces(definition, known)]),
        );
        return [
          `export const guards = ${JSON.stringify(Object.fromEntries(screens.map(({ definition }) => [definition.id, definition.guard])))};`,
          `export const frameTexts = ${JSON.stringify(frameTexts)};`,
        ].join('\n');
      }
      // The signed-in frame's guards stay in virtual:portal-screen-guards (the /login budget).
      const routes = screens.map(
        ({ definition: { id: screenId, path, guard, layout } }): ScreenRoute =>
          layout === 'shell' ? { id: screenId, path, layout } : { id: screenId, path, guard, layout },
      );
      const loaderLines = (inFrame: boolean) =>
        screens
          .filter(({ definition }) => (definition.layout === 'shell') === inFrame)
          .map(
            ({ file, definition }) => `  ${JSON.stringify(definition.id)}: () => import(${JSON.stringify(file)}).then((m) => m.default),`,
          );
      if (id === RESOLVED_SHELL_LOADERS_ID) return `export const shellLoaders = {\n${loaderLines(true).join('\n')}\n};`;
      const loaders = loaderLines(false);
      // The signed-in frame's screens' namespaces come with its chunk (frameTexts above): only the others are listed.
      const textNamespaces = Object.fromEntries(
        screens
          .filter(({ definition }) => definition.layout !== 'shell')
          .map(({ definition }) => [definition.id, namespacesIn(definition, known)]),
      );
      return [
        `export const routes = ${JSON.stringify(routes)};`,
        `export const loaders = {\n${loaders.join('\n')}\n};`,
        `export const textNamespaces = ${JSON.stringify(textNamespaces)};`,
      ].join('\n');
    },
  };
}
