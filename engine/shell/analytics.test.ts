import { describe, expect, it } from 'vitest';
import { analyticsAllowed, userProperties } from './analytics.ts';

describe('analytics (spec §7: only with the flag on and consent given)', () => {
  it('needs both the flag (or its disabled twin set false) and an opt-in', () => {
    expect(analyticsAllowed({ analytics_enabled: true }, 'in')).toBe(true);
    expect(analyticsAllowed({ analytics_disabled: false }, 'in')).toBe(true);
    expect(analyticsAllowed({ analytics_enabled: true }, 'out')).toBe(false);
    expect(analyticsAllowed({ analytics_enabled: true }, null)).toBe(false);
    expect(analyticsAllowed({ analytics_enabled: false }, 'in')).toBe(false);
  });

  it('sends coarse user properties, never names or email addresses', () => {
    expect(userProperties(null)).toEqual({ logged_in: 0 });
    const self = {
      session_data: { logged_in: true },
      user_id: 7,
      user_type: 'customer',
      role: 'Payer',
      language: 'de',
      first_name: 'Ann',
      email_address: 'a@b.c',
    };
    expect(userProperties(self as never)).toEqual({ logged_in: 1, user_id: 7, user_type: 'customer', role: 'Payer', language: 'de' });
  });
});
