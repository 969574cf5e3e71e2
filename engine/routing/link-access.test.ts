import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from 'virtual:portal-screens';
import policyJson from '../../permissions/policy.json' with { type: 'json' };
import { buildAbility, type Policy } from '../../domain/policy.ts';
import type { GuardContext, UserType } from '../../domain/route-guards.ts';
import { canOpenPath, screenIdAt } from './link-access.ts';

const flags = {
  cards_enabled: true,
  loyalty_enabled: true,
  rejection_center_enabled: true,
  dispute_enabled: true,
  program_overview_enabled: true,
  manage_users_enabled: true,
  notification_center_disabled: false,
};
const prefixes = { configured: '', fleetChargeBeta: '/fleet-charge-beta', prod: '/prod' };

function user(userType: UserType, role: string, hasCustomer = true): GuardContext {
  return {
    authenticated: true,
    userType,
    role,
    flags,
    hasCustomer,
    hasMerchant: false,
    ability: buildAbility(policyJson as Policy, { userType, role, flags }),
  };
}

describe('links a user may follow (issue 26 defect 3: never a link the user cannot open)', () => {
  it('finds the screen the router opens, the most specific first', () => {
    expect(screenIdAt('/invoice/T-1001-0016')).toBe('invoice');
    expect(screenIdAt('/dispute-center/T-1001-0016?x=1')).toBe('dispute-details');
    expect(screenIdAt('/cgi-bin/merchant-select')).toBe('merchant-select');
  });

  it('answers as the router over every screen, though it ranks only the routes sharing the first segment', () => {
    const table = routes.map((route) => ({ path: route.path, id: route.id }));
    const samples = routes.flatMap((route) => {
      const filled = route.path.replace(/:[^/]+/g, 'X-1').replace('*', 'a/b');
      return [filled, filled.toUpperCase(), `${filled}/extra`, `/unknown${filled}`];
    });
    for (const path of [...samples, '/', '', '/nothing-here']) {
      expect(screenIdAt(path), path).toBe(matchRoutes(table, path)?.at(-1)?.route.id);
    }
  });

  it("does not offer the safety manager a dispute they may not open (the notification's Open the dispute)", () => {
    expect(canOpenPath('/dispute-center/T-1001-0016', user('customer', 'Safety Manager'), undefined, prefixes)).toBe(false);
    expect(canOpenPath('/prod/dispute-center/T-1001-0016', user('customer', 'Safety Manager'), undefined, prefixes)).toBe(false);
    expect(canOpenPath('/notification-center', user('customer', 'Safety Manager'), undefined, prefixes)).toBe(true);
  });

  it('offers the payer the same dispute, and the dealer their invoices', () => {
    expect(canOpenPath('/dispute-center/T-1001-0016', user('customer', 'Payer'), undefined, prefixes)).toBe(true);
    expect(canOpenPath('/invoice/T-1004-11987', user('merchant', 'Admin'), undefined, prefixes)).toBe(true);
  });

  it('still offers a page that only asks to choose a customer first', () => {
    expect(canOpenPath('/account/overview', user('customer', 'Admin', false), undefined, prefixes)).toBe(true);
  });

  it("follows the tenant's override of a screen's guard", () => {
    const overrides = { invoice: { guard: { roles: ['Admin'] } } };
    expect(canOpenPath('/invoice/T-1', user('customer', 'Payer'), overrides, prefixes)).toBe(false);
    expect(canOpenPath('/invoice/T-1', user('customer', 'Admin'), overrides, prefixes)).toBe(true);
  });
});
