import { describe, expect, it } from 'vitest';
import type { SessionState } from '../session/types.ts';
import { landingPathFor, MERCHANT_HOME_PATH } from './landing.ts';

const session = (userType: SessionState['userType'], role: string, selectedCustomer: boolean) => ({
  userType,
  self: { role } as SessionState['self'],
  selectedCustomer: selectedCustomer ? ({ buidCustomer: 'C-1001' } as SessionState['selectedCustomer']) : null,
});

describe('where a user lands after signing in', () => {
  it('sends a dealer to the merchant home (issue 15), with or without a merchant chosen', () => {
    expect(MERCHANT_HOME_PATH).toBe('/merchant/home');
    expect(landingPathFor(session('merchant', 'Admin', false))).toBe('/merchant/home');
  });
  it('keeps the other user types where they were', () => {
    expect(landingPathFor(session('corporate', 'Admin', false))).toBe('/account/program-overview');
    expect(landingPathFor(session('customer', 'Payer', true))).toBe('/account/overview');
    expect(landingPathFor(session('customer', 'Card Viewer', true))).toBe('/account/cards');
    expect(landingPathFor(session('none', 'Viewer', false))).toBe('/login');
  });
});
