/**
 * What the flow's steps share: held in the flow store (flow-store.ts), which keeps it across a
 * reload and never puts it in the URL. A missing or foreign state reads as a fresh start.
 */
import { PAYMENT_METHODS, type PaymentMethodKind, type PaymentMode } from '../../domain/payments.ts';
import type { PaymentAttributes } from './contract.ts';

export interface CardToken {
  token: string;
  last4: string;
  brand: string;
}

export interface FlowState {
  /** spec §3 paymentMode. */
  mode: PaymentMode;
  /** Individual mode: the trx ids chosen. */
  invoices: string[];
  /** Program mode: the customers chosen (every payable invoice of each). */
  customers: string[];
  /** spec §3 selectedPaymentMethod. */
  method?: PaymentMethodKind;
  bankAccountId?: string;
  /** The provider's token for the card entered (never the card itself). */
  card?: CardToken;
  /** The payment made, so a reload of the confirmation shows it rather than a second review. */
  payment?: PaymentAttributes;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function isCard(value: unknown): value is CardToken {
  const card = value as Partial<CardToken> | null;
  return typeof card?.token === 'string' && typeof card.last4 === 'string' && typeof card.brand === 'string';
}

/**
 * A flow's state from whatever arrived: entering the flow, the router state (the invoice list and
 * details pass `{ selection: [invoice records] }`, the engine's navigate action); restoring it,
 * what the flow store had stored.
 * readFlowState({ selection: [{ trxId: 'T-1' }] }, 'INDIVIDUAL_ACCOUNT').invoices → ['T-1']
 */
export function readFlowState(raw: unknown, sessionMode: PaymentMode): FlowState {
  const state = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const mode = state.mode === 'PROGRAM_OVERVIEW' || state.mode === 'INDIVIDUAL_ACCOUNT' ? state.mode : sessionMode;
  const selected = Array.isArray(state.selection)
    ? strings(state.selection.map((record: unknown) => (record as { trxId?: unknown } | null)?.trxId))
    : [];
  const method = PAYMENT_METHODS.find((candidate) => candidate === state.method);
  return {
    mode,
    invoices: state.invoices !== undefined ? strings(state.invoices) : selected,
    customers: strings(state.customers),
    ...(method ? { method } : {}),
    ...(typeof state.bankAccountId === 'string' ? { bankAccountId: state.bankAccountId } : {}),
    ...(isCard(state.card) ? { card: state.card } : {}),
    ...(state.payment !== null && typeof state.payment === 'object' ? { payment: state.payment as PaymentAttributes } : {}),
  };
}

/** The chosen items: invoices in individual mode, customers in program mode. */
export function chosenIds(flow: FlowState): string[] {
  return flow.mode === 'PROGRAM_OVERVIEW' ? flow.customers : flow.invoices;
}

/** The flow with a new choice of items, in the mode's own field. */
export function withChosen(flow: FlowState, ids: string[]): FlowState {
  return flow.mode === 'PROGRAM_OVERVIEW' ? { ...flow, customers: ids } : { ...flow, invoices: ids };
}
