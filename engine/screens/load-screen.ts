import { loaders } from 'virtual:portal-screens';
import { mergePatch } from '../../common/merge-patch.ts';
import { withChunkTimeout } from '../runtime/chunk-timeout.ts';
import type { ScreenDefinition } from '../definitions/types.ts';

const cache = new Map<string, Promise<ScreenDefinition>>();

/**
 * A screen's definition chunk. The signed-in frame's loaders come with the data layer (its chunk
 * is loaded beside /self for a signed-in session), so the sign-in pages do not carry them.
 */
async function definitionOf(id: string): Promise<ScreenDefinition> {
  const loader = loaders[id] ?? (await withChunkTimeout(import('virtual:portal-shell-loaders'))).shellLoaders[id];
  if (!loader) throw new InvalidScreenError(`No screen ${id}`);
  return withChunkTimeout(loader());
}

export class InvalidScreenError extends Error {}

/**
 * Loads a screen's definition chunk and applies the tenant's JSON Merge Patch for it.
 * A patched definition that no longer matches the schema is refused, never rendered.
 */
export function loadScreen(id: string, overrides: Record<string, object> | undefined): Promise<ScreenDefinition> {
  const key = `${id}|${overrides?.[id] ? JSON.stringify(overrides[id]) : ''}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = definitionOf(id).then(async (base) => {
      const patch = overrides?.[id];
      if (!patch) return base;
      const { validateScreen } = await import('virtual:portal-screen-validator');
      const patched = mergePatch(base, patch);
      if (!validateScreen(patched) || patched.id !== id) {
        const problem = validateScreen.errors?.map((error) => `${error.instancePath} ${error.message ?? ''}`).join('; ');
        throw new InvalidScreenError(`Tenant override of ${id} is invalid: ${problem ?? 'id changed'}`);
      }
      return patched;
    });
    cache.set(key, pending);
  }
  return pending;
}
