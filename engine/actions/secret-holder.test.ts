import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secretHolder } from './secret-holder.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function request(secret: string, minutes: number) {
  let held: string | null = secret;
  return {
    expiresAt: Date.now() + minutes * 60_000,
    take: () => {
      const value = held;
      held = null;
      return value;
    },
  };
}

describe("secretHolder (the reveal action's dialog)", () => {
  it('takes the secret once, shows it until the expiry, then drops it and tells its readers', () => {
    const source = request('7083123456781234', 5);
    const holder = secretHolder(source);
    expect(source.take()).toBeNull();
    const changed = vi.fn();
    holder.subscribe(changed);
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(holder.read()).toBe('7083123456781234');
    vi.advanceTimersByTime(1);
    expect(holder.read()).toBeNull();
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('drops it at once when the dialog closes', () => {
    const holder = secretHolder(request('7083123456781234', 5));
    holder.drop();
    expect(holder.read()).toBeNull();
  });

  it('shows nothing when the access has already expired', () => {
    const holder = secretHolder(request('7083123456781234', -1));
    vi.advanceTimersByTime(0);
    expect(holder.read()).toBeNull();
  });
});
