/**
 * The payment flow's client state (spec §3's payment store: paymentMode, selectedPaymentMethod,
 * and with them the items chosen, the bank account, the card token and the payment made).
 *
 * Kept in zustand with its `persist` middleware on sessionStorage, so a reload keeps every choice
 * and a reload after paying shows the confirmation; sessionStorage is per tab like the history
 * state it replaces, and is gone with the tab. Which flow a page shows is decided by the history
 * entry (hooks/use-flow.ts): the flow's own steps carry the flow's id in the router state, so an
 * entry from a menu, an action or a bookmark starts afresh while back, forward and reload stay
 * in the flow. The bank accounts offered are server data: they stay with the data layer
 * (use-payment-data.ts), and the store keeps the one chosen.
 */
import { useStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { useShallow } from 'zustand/react/shallow';
import { createStore } from 'zustand/vanilla';
import { readFlowState, type FlowState } from './flow-state.ts';

export interface PaymentFlowState {
  /** The flow this tab is in; the history entries of its steps carry the same id. */
  id: string | null;
  flow: FlowState;
  /** Starts (or restarts) the flow `id` with this state. */
  start(id: string, flow: FlowState): void;
  /** A choice within the flow: update({ method: 'card' }); undefined clears a field. */
  update(patch: Partial<FlowState>): void;
}

export const FLOW_STORAGE_KEY = 'portal.paymentFlow';

const EMPTY: FlowState = { mode: 'INDIVIDUAL_ACCOUNT', invoices: [], customers: [] };

type Persisted = Pick<PaymentFlowState, 'id' | 'flow'>;

/**
 * What was stored, checked as the router state used to be (readFlowState): stored by an older
 * portal or edited by hand, a foreign value reads as no flow at all.
 */
function restored(persisted: unknown, current: PaymentFlowState): PaymentFlowState {
  const stored = (persisted ?? {}) as Partial<Record<keyof Persisted, unknown>>;
  if (typeof stored.id !== 'string' || stored.flow === null || typeof stored.flow !== 'object') return current;
  return { ...current, id: stored.id, flow: readFlowState(stored.flow, EMPTY.mode) };
}

/** A flow store over a storage (sessionStorage in the portal; a memory one in tests). */
export function createPaymentFlowStore(storage: StateStorage) {
  return createStore<PaymentFlowState>()(
    persist(
      (set) => ({
        id: null,
        flow: EMPTY,
        start: (id, flow) => set({ id, flow }),
        update: (patch) => set((state) => ({ flow: { ...state.flow, ...patch } })),
      }),
      {
        name: FLOW_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => storage),
        partialize: ({ id, flow }): Persisted => ({ id, flow }),
        merge: restored,
      },
    ),
  );
}

const noStorage: StateStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

// Unit tests import this module under Node, which has no sessionStorage.
export const paymentFlowStore = createPaymentFlowStore(typeof sessionStorage === 'undefined' ? noStorage : sessionStorage);

/** The flow store's id and state, re-rendering only when either changes. */
export function useStoredFlow(): Persisted {
  return useStore(
    paymentFlowStore,
    useShallow(({ id, flow }) => ({ id, flow })),
  );
}
