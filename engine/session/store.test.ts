import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore, setPaymentMode, setSelectedCurrency } from './store.ts';

afterEach(() => sessionStore.reset());

describe('session store (zustand)', () => {
  it('starts loading, with no one signed in and the individual payment mode', () => {
    const session = sessionStore.get();
    expect(session.status).toBe('loading');
    expect(session.userType).toBe('none');
    expect(session.self).toBeNull();
    expect(session.paymentMode).toBe('INDIVIDUAL_ACCOUNT');
  });

  it('tells its subscribers of each change, with the new state', () => {
    const seen: string[] = [];
    const stop = sessionStore.subscribe((session) => seen.push(`${session.paymentMode}/${session.selectedCurrency}`));
    setPaymentMode('PROGRAM_OVERVIEW');
    setSelectedCurrency('CAD');
    stop();
    setSelectedCurrency('USD');
    expect(seen).toEqual(['PROGRAM_OVERVIEW/null', 'PROGRAM_OVERVIEW/CAD']);
    expect(sessionStore.get().selectedCurrency).toBe('USD');
  });

  it('keeps the parts a change did not touch (a patch, not a replacement)', () => {
    const before = sessionStore.get();
    setSelectedCurrency('EUR');
    const after = sessionStore.get();
    expect(after).not.toBe(before);
    expect(after.flags).toBe(before.flags);
    expect(after.customerCurrencies).toBe(before.customerCurrencies);
  });

  it('resets to the initial state and says so', () => {
    setPaymentMode('PROGRAM_OVERVIEW');
    let notified = 0;
    const stop = sessionStore.subscribe(() => {
      notified += 1;
    });
    sessionStore.reset();
    stop();
    expect(notified).toBe(1);
    expect(sessionStore.get().paymentMode).toBe('INDIVIDUAL_ACCOUNT');
  });
});
