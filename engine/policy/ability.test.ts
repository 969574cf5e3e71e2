import { describe, expect, it } from 'vitest';
import { abilityFor, loadAbility } from './ability.ts';

const session = (userType: 'none' | 'customer', role?: string) => ({
  userType,
  flags: {},
  self: role ? ({ role } as never) : null,
});

describe('abilityFor', () => {
  it('lets a signed-out user do nothing without loading CASL or the policy', () => {
    const ability = abilityFor(session('none'));
    expect(ability.can('read', 'Invoice')).toBe(false);
    expect(ability.cannot('read', 'Session')).toBe(true);
  });

  it('asks for the policy before answering for a signed-in user, then builds it from permissions/policy.json', async () => {
    await loadAbility();
    const payer = abilityFor(session('customer', 'Payer'));
    expect(payer.can('read', 'Invoice')).toBe(true);
    expect(abilityFor(session('customer', 'Payer'))).toBe(payer);
    expect(abilityFor(session('customer', 'View Only')).can('create', 'Payment')).toBe(false);
  });
});
