import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import type { PaymentAttributes } from './contract.ts';
import { createPaymentFlowStore, FLOW_STORAGE_KEY } from './flow-store.ts';
import { flowIdOf } from './hooks/use-flow.ts';

/** sessionStorage as a page sees it: what one load writes, the next load (a reload) reads. */
function memoryStorage(initial: Record<string, string> = {}): StateStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

const payment = { payment_number: 'P-1', confirmation_number: 'C-1' } as unknown as PaymentAttributes;

describe('payment flow store (spec §3: paymentMode, selectedPaymentMethod)', () => {
  it('starts with no flow', () => {
    const state = createPaymentFlowStore(memoryStorage()).getState();
    expect(state.id).toBeNull();
    expect(state.flow).toEqual({ mode: 'INDIVIDUAL_ACCOUNT', invoices: [], customers: [] });
  });

  it('keeps the choices and the payment made across a reload', () => {
    const storage = memoryStorage();
    const page = createPaymentFlowStore(storage);
    page.getState().start('e-k1', { mode: 'PROGRAM_OVERVIEW', invoices: [], customers: ['C-1001', 'C-1002'] });
    page.getState().update({ method: 'bank', bankAccountId: 'BA-7' });
    page.getState().update({ payment });

    const reloaded = createPaymentFlowStore(storage).getState();
    expect(reloaded.id).toBe('e-k1');
    expect(reloaded.flow).toEqual({
      mode: 'PROGRAM_OVERVIEW',
      invoices: [],
      customers: ['C-1001', 'C-1002'],
      method: 'bank',
      bankAccountId: 'BA-7',
      payment,
    });
  });

  it('clears a field set to undefined, in memory and in storage', () => {
    const storage = memoryStorage();
    const page = createPaymentFlowStore(storage);
    page.getState().start('e-k1', {
      mode: 'INDIVIDUAL_ACCOUNT',
      invoices: ['T-1'],
      customers: [],
      method: 'card',
      card: { token: 'tok', last4: '4242', brand: 'Visa' },
    });
    page.getState().update({ card: undefined });
    expect(page.getState().flow.card).toBeUndefined();
    expect(createPaymentFlowStore(storage).getState().flow).toEqual({
      mode: 'INDIVIDUAL_ACCOUNT',
      invoices: ['T-1'],
      customers: [],
      method: 'card',
    });
  });

  it('restarting keeps nothing of the flow before', () => {
    const storage = memoryStorage();
    const page = createPaymentFlowStore(storage);
    page.getState().start('e-k1', { mode: 'INDIVIDUAL_ACCOUNT', invoices: ['T-1'], customers: [], payment });
    page.getState().start('e-k2', { mode: 'INDIVIDUAL_ACCOUNT', invoices: ['T-2'], customers: [] });
    expect(createPaymentFlowStore(storage).getState()).toMatchObject({ id: 'e-k2', flow: { invoices: ['T-2'] } });
    expect(createPaymentFlowStore(storage).getState().flow.payment).toBeUndefined();
  });

  it('reads a foreign or damaged stored value as no flow, and checks a stored flow field by field', () => {
    expect(createPaymentFlowStore(memoryStorage({ [FLOW_STORAGE_KEY]: 'in' })).getState().id).toBeNull();
    expect(
      createPaymentFlowStore(memoryStorage({ [FLOW_STORAGE_KEY]: JSON.stringify({ state: { id: 7, flow: {} }, version: 1 }) })).getState()
        .id,
    ).toBeNull();
    const odd = {
      state: { id: 'e-k1', flow: { mode: 'PROGRAM_OVERVIEW', customers: ['C-1', 3], method: 'cheque', card: { token: 1 } } },
      version: 1,
    };
    const restored = createPaymentFlowStore(memoryStorage({ [FLOW_STORAGE_KEY]: JSON.stringify(odd) })).getState();
    expect(restored.id).toBe('e-k1');
    expect(restored.flow).toEqual({ mode: 'PROGRAM_OVERVIEW', invoices: [], customers: ['C-1'] });
  });
});

describe('which flow a history entry shows', () => {
  it("is the flow the steps carry in the router state, else one of the entry's own", () => {
    expect(flowIdOf({ state: { paymentFlow: 'e-k1' }, key: 'k2' })).toBe('e-k1');
    expect(flowIdOf({ state: { selection: [{ trxId: 'T-1' }] }, key: 'k2' })).toBe('e-k2');
    expect(flowIdOf({ state: null, key: 'k3' })).toBe('e-k3');
  });

  it('gives a page loaded by URL (no entry key yet) a flow of this load only', () => {
    const loaded = flowIdOf({ state: null, key: 'default' });
    expect(loaded).not.toBe('e-default');
    expect(flowIdOf({ state: null, key: 'default' })).toBe(loaded);
  });
});
