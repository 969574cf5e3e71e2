import { renderToString } from 'react-dom/server';
import { AbilityProvider as CaslAbilityProvider, Can } from '@casl/react';
import { describe, expect, it } from 'vitest';
import type { PortalAbility } from '../../domain/policy.ts';
import { abilityFor, loadAbility } from './ability.ts';
import { AbilityProvider, usePortalAbility } from './AbilityProvider.tsx';

const session = (userType: 'none' | 'customer', role?: string) => ({ userType, flags: {}, self: role ? ({ role } as never) : null });

function Probe() {
  const ability = usePortalAbility();
  return <>{ability.can('create', 'Payment') ? 'may pay' : 'may not pay'}</>;
}

function PayGate() {
  return (
    <>
      <Can<PortalAbility> I="create" a="Payment">
        pay
      </Can>
      <Can<PortalAbility> not I="create" a="Payment">
        no-pay
      </Can>
    </>
  );
}

describe('the ability in React (@casl/react)', () => {
  it("gives the session's ability to usePortalAbility; signed out that is the ability to do nothing", () => {
    // Server rendering reads the initial session: nobody signed in.
    expect(
      renderToString(
        <AbilityProvider>
          <Probe />
        </AbilityProvider>,
      ),
    ).toBe('may not pay');
  });

  it('lets <Can> and useAbility read the signed-out ability without CASL', () => {
    const nothing = abilityFor(session('none'));
    expect(
      renderToString(
        <CaslAbilityProvider value={nothing}>
          <PayGate />
        </CaslAbilityProvider>,
      ),
    ).toBe('no-pay');
  });

  it('shows what the policy grants the role through <Can>', async () => {
    await loadAbility();
    const payer = abilityFor(session('customer', 'Payer'));
    const viewer = abilityFor(session('customer', 'View Only'));
    expect(
      renderToString(
        <CaslAbilityProvider value={payer}>
          <p>
            <PayGate />
          </p>
          <Probe />
        </CaslAbilityProvider>,
      ),
    ).toBe('<p>pay</p>may pay');
    expect(
      renderToString(
        <CaslAbilityProvider value={viewer}>
          <PayGate />
        </CaslAbilityProvider>,
      ),
    ).toBe('no-pay');
  });

  it('refuses to read an ability outside the provider, so a missing provider cannot pass for "may do nothing"', () => {
    expect(() => renderToString(<Probe />)).toThrow(/AbilityContext is not provided/);
  });
});
