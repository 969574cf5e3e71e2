/**
 * Dispute rules of spec §4 and §5, shared by the dispute wizard and the program API.
 * Pure functions: no I/O; "now" is always passed in (the server's clock, or the browser's).
 *
 * Decisions where the spec is silent (spec §4 names the statuses and responses only):
 * - Status after a response: respond_to_merchant -> 'waiting on merchant',
 *   respond_to_customer -> 'waiting on customer', close -> 'closed', escalate -> 'escalated'.
 * - Who may do what (closed and expired disputes allow nothing):
 *   - close: either side, at any time (the customer withdraws; the merchant accepts);
 *   - respond to the other side: while the dispute is between the two parties
 *     (open, waiting on customer, waiting on merchant) — not once support has it (escalated);
 *   - escalate ("disagree"): only the side the dispute is waiting on: the merchant while it is
 *     open or waiting on merchant, the customer while it is waiting on customer.
 * - A response opens a new window of RESPONSE_WINDOW_DAYS for the other party; a new dispute
 *   gets the same window.
 */

/** Contact types a dispute contact may have; the same names as the group contacts' dispute_contact_type. */
export const DISPUTE_CONTACT_TYPES = ['Primary', 'Billing'] as const;
export type DisputeContactType = (typeof DISPUTE_CONTACT_TYPES)[number];

export type DisputeStatus = 'open' | 'waiting on customer' | 'waiting on merchant' | 'escalated' | 'closed';
import type { DisputeSide } from './dispute-side.ts';
import { centralDay } from './exposure.ts';

export { sideOfUserType, type DisputeSide } from './dispute-side.ts';
export type DisputeAction = 'respond_to_merchant' | 'respond_to_customer' | 'close' | 'escalate';

export const DISPUTE_STATUSES: readonly DisputeStatus[] = ['open', 'waiting on customer', 'waiting on merchant', 'escalated', 'closed'];
export const SIDE_ACTIONS: Readonly<Record<DisputeSide, readonly DisputeAction[]>> = {
  customer: ['respond_to_merchant', 'close', 'escalate'],
  merchant: ['respond_to_customer', 'close', 'escalate'],
};

/** Days the other party has to answer a new dispute or a response. */
export const RESPONSE_WINDOW_DAYS = 10;

/** The dispute_action_description written with each response (the same texts as the demo data). */
export const ACTION_DESCRIPTIONS: Readonly<Record<DisputeAction, string>> = {
  respond_to_merchant: 'Respond to merchant',
  respond_to_customer: 'Respond to customer',
  close: 'Close',
  escalate: 'Escalate to customer support (disagree)',
};

/** The i18n key part of each response (texts disputes.actions.<key>, notices disputes.notice.<key>). */
export const ACTION_TEXT_KEYS: Readonly<Record<DisputeAction, string>> = {
  respond_to_merchant: 'respondToMerchant',
  respond_to_customer: 'respondToCustomer',
  close: 'close',
  escalate: 'escalate',
};

export const NEXT_STATUS: Readonly<Record<DisputeAction, DisputeStatus>> = {
  respond_to_merchant: 'waiting on merchant',
  respond_to_customer: 'waiting on customer',
  close: 'closed',
  escalate: 'escalated',
};

export interface DisputeTiming {
  status: DisputeStatus;
  response_due_at: Date | string | null;
}

/** spec §4 "some disputes are expired": the response due time has passed and the dispute is not closed. */
export function isExpired(dispute: DisputeTiming, now: Date): boolean {
  if (dispute.status === 'closed' || dispute.response_due_at === null) return false;
  return new Date(dispute.response_due_at).getTime() < now.getTime();
}

/** The calendar day of an instant in Central US time (spec §9: some dates use Central US time); one implementation, exposure.ts's. */
export const chicagoDay = centralDay;

/** Whole calendar days from day `from` to day `to` ('YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Whole Chicago calendar days left to respond, never negative; null when no response is due
 * (closed, or no due time). A dispute due later today has 0 days left.
 */
export function daysLeftToRespond(dispute: DisputeTiming, now: Date): number | null {
  if (dispute.status === 'closed' || dispute.response_due_at === null) return null;
  return Math.max(0, daysBetween(chicagoDay(now), chicagoDay(new Date(dispute.response_due_at))));
}

/** The due time of a response window opened at `now`. */
export function responseDueAt(now: Date): Date {
  return new Date(now.getTime() + RESPONSE_WINDOW_DAYS * 86_400_000);
}

/** The responses `side` may give to this dispute now (see the decisions at the top of this file). */
export function allowedResponses(dispute: DisputeTiming, side: DisputeSide, now: Date): DisputeAction[] {
  if (dispute.status === 'closed' || isExpired(dispute, now)) return [];
  const between = dispute.status !== 'escalated';
  const waitingOnMe =
    side === 'merchant' ? dispute.status === 'open' || dispute.status === 'waiting on merchant' : dispute.status === 'waiting on customer';
  const actions: DisputeAction[] = [];
  if (between) actions.push(side === 'customer' ? 'respond_to_merchant' : 'respond_to_customer');
  actions.push('close');
  if (between && waitingOnMe) actions.push('escalate');
  return actions;
}

export interface BulkCandidate extends DisputeTiming {
  dispute_id: number;
}

/**
 * spec §4: a bulk response applies only to disputes in the same status that are not expired;
 * the others are ineligible. Returns the ineligible ids, in the order given. The status of the
 * first dispute (in the user's order) that can take the action is the bulk's status; every
 * dispute that cannot take the action or is in another status is ineligible.
 */
export function ineligibleForBulkResponse(
  disputes: readonly BulkCandidate[],
  side: DisputeSide,
  action: DisputeAction,
  now: Date,
): number[] {
  const canTake = (dispute: BulkCandidate) => allowedResponses(dispute, side, now).includes(action);
  const bulkStatus = disputes.find(canTake)?.status;
  return disputes.filter((dispute) => !canTake(dispute) || dispute.status !== bulkStatus).map((dispute) => dispute.dispute_id);
}

export interface BulkRow extends BulkCandidate {
  allowed_responses: readonly string[];
}

/**
 * The bulk selection before an action is chosen: ineligible are the disputes that take no response
 * (closed, expired, or none for this user) and those in another status than the first that takes one.
 */
export function ineligibleForBulkSelection(disputes: readonly BulkRow[], now: Date): number[] {
  const canTakeAny = (dispute: BulkRow) => dispute.allowed_responses.length > 0 && !isExpired(dispute, now);
  const bulkStatus = disputes.find(canTakeAny)?.status;
  return disputes.filter((dispute) => !canTakeAny(dispute) || dispute.status !== bulkStatus).map((dispute) => dispute.dispute_id);
}

/** The responses every one of the chosen disputes offers (in the side's order). */
export function commonResponses(disputes: ReadonlyArray<{ allowed_responses: readonly string[] }>, side: DisputeSide): DisputeAction[] {
  if (disputes.length === 0) return [];
  return SIDE_ACTIONS[side].filter((action) => disputes.every((dispute) => dispute.allowed_responses.includes(action)));
}

export interface DisputableInvoice {
  status: string;
  eligible_for_dispute: boolean;
}

/** Reasons given for invoices the rules (rather than the program's ineligible list) refuse. */
export const INELIGIBLE_REASONS = {
  flagged: 'Invoice not eligible for dispute',
  underDispute: 'Invoice already under dispute',
  notBilled: 'Invoice not billed yet',
  paymentPending: 'Payment pending on invoice',
  terminated: 'Invoice terminated',
} as const;

/**
 * Why an invoice cannot be disputed (or charged back), or null when it can (spec §3
 * eligibleForDispute, §5 "a chargeback also needs an eligible transaction"). In order:
 * the program's own ineligible list (its reason wins), the invoice's eligibility flag, an open
 * dispute on it (one open dispute per invoice), and statuses with nothing billed to dispute.
 * Paid invoices stay disputable: a chargeback of a paid transaction is the usual case.
 */
export function disputeIneligibleReason(
  invoice: DisputableInvoice,
  listedReason: string | null | undefined,
  hasOpenDispute: boolean,
): string | null {
  if (listedReason) return listedReason;
  if (!invoice.eligible_for_dispute) return INELIGIBLE_REASONS.flagged;
  if (hasOpenDispute || invoice.status === 'Disputed') return INELIGIBLE_REASONS.underDispute;
  switch (invoice.status) {
    case 'Pending':
    case 'Unbilled':
      return INELIGIBLE_REASONS.notBilled;
    case 'Payment Pending':
      return INELIGIBLE_REASONS.paymentPending;
    case 'Terminated':
      return INELIGIBLE_REASONS.terminated;
    default:
      return null;
  }
}

export interface DisputedInvoice {
  due_date: string | null;
  current_due_minor: number;
  past_due_minor: number;
}
export interface RestoredInvoice {
  status: 'Billed' | 'Past Due' | 'Paid';
  current_due_minor: number;
  past_due_minor: number;
}

/**
 * The invoice once its dispute is closed. The status before the dispute is not kept, so it is
 * reasoned from what is still owed: nothing owed -> Paid; owed and due before `today` (Chicago)
 * -> Past Due; otherwise Billed. The amount owed moves between current and past due to match.
 */
export function invoiceAfterDispute(invoice: DisputedInvoice, today: string): RestoredInvoice {
  const owed = invoice.current_due_minor + invoice.past_due_minor;
  if (owed <= 0) return { status: 'Paid', current_due_minor: invoice.current_due_minor, past_due_minor: invoice.past_due_minor };
  if (invoice.due_date !== null && invoice.due_date < today) return { status: 'Past Due', current_due_minor: 0, past_due_minor: owed };
  return { status: 'Billed', current_due_minor: owed, past_due_minor: 0 };
}

export interface AmountInvoice {
  amount_minor: number;
  current_due_minor: number;
  past_due_minor: number;
}

/**
 * The most that may be disputed on an invoice: what is still open on it (current plus past due).
 * A settled transaction (nothing open, the usual chargeback) may be disputed up to its amount.
 */
export function maxDisputableMinor(invoice: AmountInvoice): number {
  const open = invoice.current_due_minor + invoice.past_due_minor;
  return open > 0 ? open : invoice.amount_minor;
}

/** Why a disputed amount is refused (an i18n error key of the disputes block), or null. */
export function disputedAmountProblem(amountMinor: number, invoice: AmountInvoice): 'amountInvalid' | 'amountAboveOpen' | null {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'amountInvalid';
  if (amountMinor > maxDisputableMinor(invoice)) return 'amountAboveOpen';
  return null;
}
