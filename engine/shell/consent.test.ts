import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY, createConsentStore } from './consent.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    items,
  };
}

describe('consent store (spec §3 consentedToTracking)', () => {
  it('reads a choice stored before, as the bare value the portal always wrote', () => {
    expect(createConsentStore(memoryStorage({ [CONSENT_STORAGE_KEY]: 'in' }), () => {}).getState().consentedToTracking).toBe('in');
    expect(createConsentStore(memoryStorage({ [CONSENT_STORAGE_KEY]: 'out' }), () => {}).getState().consentedToTracking).toBe('out');
  });

  it('holds no choice when nothing, or something foreign, is stored', () => {
    expect(createConsentStore(memoryStorage(), () => {}).getState().consentedToTracking).toBeNull();
    expect(createConsentStore(memoryStorage({ [CONSENT_STORAGE_KEY]: '{"state":1}' }), () => {}).getState().consentedToTracking).toBeNull();
    expect(createConsentStore(undefined, () => {}).getState().consentedToTracking).toBeNull();
  });

  it('stores a choice, tells its readers, then reloads; the next load reads it back', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const store = createConsentStore(storage, () => {
      reloads += 1;
    });
    const seen: Array<string | null> = [];
    store.subscribe((state) => seen.push(state.consentedToTracking));
    store.getState().choose('out');
    expect(storage.items.get(CONSENT_STORAGE_KEY)).toBe('out');
    expect(seen).toEqual(['out']);
    expect(reloads).toBe(1);
    expect(createConsentStore(storage, () => {}).getState().consentedToTracking).toBe('out');
  });
});
