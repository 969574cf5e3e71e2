import { describe, expect, it } from 'vitest';
import { flagOn } from './flags.ts';

describe('flagOn (spec §5 flag twin rule)', () => {
  it('passes a flag that is true', () => expect(flagOn({ cards_enabled: true }, 'cards_enabled')).toBe(true));
  it('refuses a flag that is false or missing', () => {
    expect(flagOn({ cards_enabled: false }, 'cards_enabled')).toBe(false);
    expect(flagOn({}, 'cards_enabled')).toBe(false);
  });
  it('passes an enabled flag whose disabled twin is explicitly false', () =>
    expect(flagOn({ notification_center_disabled: false }, 'notification_center_enabled')).toBe(true));
  it('does not pass when the twin is true or absent', () => {
    expect(flagOn({ notification_center_disabled: true }, 'notification_center_enabled')).toBe(false);
    expect(flagOn({ x_disabled: undefined }, 'x_enabled')).toBe(false);
  });
  it('applies the twin rule only to names ending in enabled', () => expect(flagOn({ beta_disabled: false }, 'beta')).toBe(false));
  it('passes a twin-only flag even when the enabled flag is false', () =>
    expect(flagOn({ cards_enabled: false, cards_disabled: false }, 'cards_enabled')).toBe(true));
});
