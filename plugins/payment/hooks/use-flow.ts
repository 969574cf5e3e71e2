import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, type Location } from 'react-router';
import { usePortalNavigate } from '../../../engine/routing/navigation.ts';
import { useSession } from '../../../engine/session/store.ts';
import { readFlowState, type FlowState } from '../flow-state.ts';
import { paymentFlowStore, useStoredFlow } from '../flow-store.ts';

export type Step = 'due' | 'invoices' | 'confirm';

const STEPS: readonly Step[] = ['due', 'invoices', 'confirm'];

/** The step is the route's last segment (/payment/due, /payment/invoices, /payment/confirm, under any prefix). */
export function stepOf(pathname: string): Step {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return STEPS.find((step) => step === last) ?? 'due';
}

/** The router state key under which the flow's own steps carry the flow's id. */
const FLOW_ID = 'paymentFlow';

// A page loaded by URL has no history entry key of its own ("default"); each load is a new flow.
const PAGE_LOAD = Math.random().toString(36).slice(2);

/**
 * Which flow a history entry shows: the id the flow's steps put in the router state; else (the
 * flow entered from a menu, an action, a bookmark) one of the entry's own, so a reload or a
 * return to that entry finds its choices while a new entry starts afresh.
 * flowIdOf({ state: { paymentFlow: 'e-k1' }, key: 'k2' }) → 'e-k1'; flowIdOf({ state: null, key: 'k2' }) → 'e-k2'
 */
export function flowIdOf(location: Pick<Location, 'state' | 'key'>): string {
  const carried = (location.state as Record<string, unknown> | null)?.[FLOW_ID];
  if (typeof carried === 'string') return carried;
  return `e-${location.key === 'default' ? PAGE_LOAD : location.key}`;
}

export interface Flow {
  step: Step;
  flow: FlowState;
  /** A choice within the flow (flow-store.ts): update({ method: 'bank' }). */
  update(patch: Partial<FlowState>): void;
  /** Replaces the flow's state, keeping the flow. */
  replace(next: FlowState): void;
  /** Moves to a step of the same flow: go('confirm'). */
  go(step: Step, options?: { replace?: boolean }): void;
}

/**
 * The flow's step and state (from the flow store), and the means to change them. Entering the
 * flow, the state starts from what the router brought: the invoice list and details pass
 * `{ selection: [invoice records] }` (the engine's navigate action); the session's payment mode
 * (set by the action or menu entry that started the flow) applies.
 */
export function useFlow(): Flow {
  const location = useLocation();
  const sessionMode = useSession((session) => session.paymentMode);
  const navigate = usePortalNavigate();
  const stored = useStoredFlow();
  const id = flowIdOf(location);
  const entered = useMemo(() => readFlowState(location.state, sessionMode), [location.state, sessionMode]);
  const current = stored.id === id;
  // Until the store holds this entry's flow (the effect below, right after the first paint),
  // the page shows the flow as entered: the same state the store is about to hold.
  useEffect(() => {
    if (paymentFlowStore.getState().id !== id) paymentFlowStore.getState().start(id, entered);
  }, [id, entered]);

  const go = useCallback(
    (step: Step, options: { replace?: boolean } = {}) => {
      navigate(`/payment/${step}`, { state: { [FLOW_ID]: paymentFlowStore.getState().id }, ...(options.replace ? { replace: true } : {}) });
    },
    [navigate],
  );
  const update = useCallback((patch: Partial<FlowState>) => paymentFlowStore.getState().update(patch), []);
  const replace = useCallback((next: FlowState) => paymentFlowStore.getState().start(id, next), [id]);
  return { step: stepOf(location.pathname), flow: current ? stored.flow : entered, update, replace, go };
}
