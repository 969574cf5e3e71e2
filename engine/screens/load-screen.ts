import { loaders } from 'virtual:portal-screens';
import { mergePatch } from '../../domain/merge-patch.ts';
import type { ScreenDefinition } from '../definitions/types.ts';

const cache = new Map<string, Promise<ScreenDefinition>>();

export class InvalidScreenError extends Error {}

/**
 * Loads a screen's definition chunk and applies the tenant's JSON Merge Patch for it.
 * A patched definition that no longer matches the schema is refused, never rendered.
 */
export function loadScreen(id: string, overrides: Record<string, object> | undefined): Promise<ScreenDefinition> {
  const key = `${id}|${overrides?.[id] ? JSON.stringify(overrides[id]) : ''}`;
  let pending = cache.get(key);
  if (!pending) {
    const loader = loaders[id];
    if (!loader) return Promise.reject(new InvalidScreenError(`No screen ${id}`));
    pending = loader().then(async (base) => {
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
