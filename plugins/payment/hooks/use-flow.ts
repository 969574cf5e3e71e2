import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { usePortalNavigate } from '../../../engine/routing/navigation.ts';
import { useSession } from '../../../engine/session/store.ts';
import { readFlowState, type FlowState } from '../flow-state.ts';

export type Step = 'due' | 'invoices' | 'confirm';

const STEPS: readonly Step[] = ['due', 'invoices', 'confirm'];

/** The step is the route's last segment (/payment/due, /payment/invoices, /payment/confirm, under any prefix). */
export function stepOf(pathname: string): Step {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return STEPS.find((step) => step === last) ?? 'due';
}

/**
 * The flow's step and state, and `go` to move on with a new state:
 * go('confirm', { ...flow, method: 'bank' }). The session's payment mode (set by the action that
 * started the flow) applies until a step writes its own into the state.
 */
export function useFlow(): { step: Step; flow: FlowState; go(step: Step, next: FlowState, options?: { replace?: boolean }): void } {
  const location = useLocation();
  const sessionMode = useSession((session) => session.paymentMode);
  const navigate = usePortalNavigate();
  const flow = useMemo(() => readFlowState(location.state, sessionMode), [location.state, sessionMode]);
  const go = useCallback((step: Step, next: FlowState, options: { replace?: boolean } = {}) => {
    navigate(`/payment/${step}`, { state: next, ...(options.replace ? { replace: true } : {}) });
  }, [navigate]);
  return { step: stepOf(location.pathname), flow, go };
}
