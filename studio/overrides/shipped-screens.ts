import { loaders, routes } from 'virtual:portal-screens';
import type { Screen } from './screen-edits.ts';

/** The portal's screens an operator may patch: id and path, in the router's order. */
export const SCREENS: ReadonlyArray<{ id: string; path: string }> = routes.map(({ id, path }) => ({ id, path }));

/**
 * A shipped screen definition, its parts resolved: the portal's own chunk for it (the studio's
 * build has the portal's screens plugin), so the studio patches exactly what the portal renders.
 * A copy: the form's edits never reach the module's object.
 */
export async function shippedScreen(id: string): Promise<Screen> {
  const loader = loaders[id] ?? (await import('virtual:portal-shell-loaders')).shellLoaders[id];
  if (!loader) throw new Error(`No screen ${id}`);
  return structuredClone(await loader()) as unknown as Screen;
}

/**
 * Why a patched screen would not render: the screen schema's complaints (its validator compiled at
 * build time, as the portal checks a tenant's override, engine/screens/load-screen.ts; the page's
 * CSP forbids compiling one here), pointer first. Empty: the schema takes it.
 */
export async function screenSchemaProblems(id: string, patched: unknown): Promise<string[]> {
  const { validateScreen } = await import('virtual:portal-screen-validator');
  const problems = validateScreen(patched)
    ? []
    : (validateScreen.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
  if ((patched as { id?: unknown }).id !== id) problems.push(`/id ${id}`);
  return problems;
}
