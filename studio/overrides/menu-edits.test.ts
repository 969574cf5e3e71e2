import { describe, expect, it } from 'vitest';
import { menuChanges } from '../../domain/menu-overrides.ts';
import type { MenuDefinitions } from '../../domain/menus.ts';
import menusJson from '../../screens/menus/side-menus.json' with { type: 'json' };
import { menuOverride, menuView, moveEntry, setEntryLabel, setEntryShown } from './menu-edits.ts';

const shipped = (menusJson as unknown as MenuDefinitions).customer;

describe("the menu form's edits", () => {
  it('hides an entry, lists it last as hidden, and shows it again where it was: no override left', () => {
    const hidden = setEntryShown(shipped, shipped, 'payment-methods', false);
    expect(menuView(shipped, hidden).at(-1)).toEqual({ id: 'payment-methods', label: 'common.menu.paymentMethods', shown: false });
    expect(menuChanges({ customer: shipped } as MenuDefinitions, undefined, { customer: menuOverride(shipped, hidden)! })).toEqual([
      { menu: 'customer', change: { kind: 'widgetHidden', widget: 'common.menu.paymentMethods' } },
    ]);
    const back = setEntryShown(hidden, shipped, 'payment-methods', true);
    expect(back).toEqual(shipped);
    expect(menuOverride(shipped, back)).toBeUndefined();
  });

  it('orders and relabels entries', () => {
    const moved = moveEntry(shipped, shipped[1]!.id, -1);
    expect(moved.slice(0, 2).map((entry) => entry.id)).toEqual([shipped[1]!.id, shipped[0]!.id]);
    expect(moveEntry(shipped, shipped[0]!.id, -1)).toEqual(shipped);
    const relabelled = setEntryLabel(shipped, 'pay', 'common.menu.invoices');
    expect(relabelled.find((entry) => entry.id === 'pay')?.label).toBe('common.menu.invoices');
    expect(menuOverride(shipped, relabelled)).toHaveLength(shipped.length);
  });
});
