import { describe, expect, it } from 'vitest';
import menusJson from '../screens/menus/side-menus.json' with { type: 'json' };
import { menuChanges, menuOverrideProblems, withMenuOverrides } from './menu-overrides.ts';
import type { MenuDefinitions } from './menus.ts';

const shipped = menusJson as unknown as MenuDefinitions;
const withoutPaymentMethods = shipped.customer.filter((entry) => entry.id !== 'payment-methods');

describe("a tenant's menus", () => {
  it("replaces a portal type's list whole and keeps the others as shipped", () => {
    const menus = withMenuOverrides(shipped, { customer: withoutPaymentMethods });
    expect(menus.customer.map((entry) => entry.id)).not.toContain('payment-methods');
    expect(menus.merchant).toBe(shipped.merchant);
    expect(withMenuOverrides(shipped, undefined)).toBe(shipped);
  });

  it('says which entry was hidden, shown again or relabelled, and anything else as a changed definition', () => {
    expect(menuChanges(shipped, undefined, { customer: withoutPaymentMethods })).toEqual([
      { menu: 'customer', change: { kind: 'widgetHidden', widget: 'common.menu.paymentMethods' } },
    ]);
    expect(menuChanges(shipped, { customer: withoutPaymentMethods }, undefined)).toEqual([
      { menu: 'customer', change: { kind: 'widgetShown', widget: 'common.menu.paymentMethods' } },
    ]);
    const relabelled = shipped.customer.map((entry) => (entry.id === 'pay' ? { ...entry, label: 'common.menu.invoices' } : entry));
    expect(menuChanges(shipped, undefined, { customer: relabelled })).toEqual([
      { menu: 'customer', change: { kind: 'labelChanged', where: 'customer', before: 'common.menu.pay', after: 'common.menu.invoices' } },
    ]);
    expect(menuChanges(shipped, undefined, { customer: [...shipped.customer].reverse() })).toEqual([
      { menu: 'customer', change: { kind: 'definitionChanged' } },
    ]);
    expect(menuChanges(shipped, undefined, { customer: shipped.customer })).toEqual([]);
  });

  it('refuses an entry of an unknown screen or text, and a repeated id, with pointers', () => {
    const entry = shipped.customer[0]!;
    const problems = menuOverrideProblems(
      { customer: [entry, { ...entry, screen: 'nowhere', label: 'common.menu.nothing' }] },
      (id) => id !== 'nowhere',
      (key) => key !== 'common.menu.nothing',
    );
    expect(problems).toEqual([
      { code: 'studio.menus.unknownScreen', values: { screen: 'nowhere' }, pointer: '/overrides/menus/customer/1/screen' },
      { code: 'studio.texts.unknownKey', values: { key: 'common.menu.nothing' }, pointer: '/overrides/menus/customer/1/label' },
      { code: 'studio.menus.duplicateId', values: { id: entry.id }, pointer: '/overrides/menus/customer/1/id' },
    ]);
  });
});
