import { describe, expect, it } from 'vitest';
import {
  ACTION_TEXT_KEYS,
  commonResponses,
  disputedAmountProblem,
  ineligibleForBulkSelection,
  maxDisputableMinor,
  SIDE_ACTIONS,
  allowedResponses,
  chicagoDay,
  daysLeftToRespond,
  disputeIneligibleReason,
  ineligibleForBulkResponse,
  INELIGIBLE_REASONS,
  invoiceAfterDispute,
  isExpired,
  NEXT_STATUS,
  responseDueAt,
  sideOfUserType,
  type BulkCandidate,
  type DisputeStatus,
} from './disputes.ts';

const now = new Date('2026-11-23T15:00:00Z');
const due = (iso: string | null, status: DisputeStatus = 'open') => ({ status, response_due_at: iso });

describe('isExpired (spec §4)', () => {
  it('is expired once the due time has passed and the dispute is not closed', () => {
    expect(isExpired(due('2026-11-23T14:59:59Z'), now)).toBe(true);
    expect(isExpired(due('2026-11-21T23:00:00Z', 'waiting on customer'), now)).toBe(true);
  });
  it('is not expired before or exactly at the due time', () => {
    expect(isExpired(due('2026-11-23T15:00:00Z'), now)).toBe(false);
    expect(isExpired(due('2026-12-03T23:00:00Z'), now)).toBe(false);
  });
  it('a closed dispute or one without a due time never expires', () => {
    expect(isExpired(due('2026-01-01T00:00:00Z', 'closed'), now)).toBe(false);
    expect(isExpired(due(null), now)).toBe(false);
  });
});

describe('daysLeftToRespond (Chicago calendar days)', () => {
  it('counts whole Chicago days', () => {
    expect(daysLeftToRespond(due('2026-12-03T23:00:00Z'), now)).toBe(10);
    expect(daysLeftToRespond(due('2026-11-24T03:00:00Z'), now)).toBe(0); // 21:00 on the 23rd in Chicago
    expect(daysLeftToRespond(due('2026-11-24T07:00:00Z'), now)).toBe(1); // 01:00 on the 24th in Chicago
  });
  it('is never negative and null when nothing is due', () => {
    expect(daysLeftToRespond(due('2026-11-01T00:00:00Z'), now)).toBe(0);
    expect(daysLeftToRespond(due('2026-12-03T23:00:00Z', 'closed'), now)).toBeNull();
    expect(daysLeftToRespond(due(null), now)).toBeNull();
  });
  it('uses Central time for the day', () => {
    expect(chicagoDay(new Date('2026-11-24T05:59:00Z'))).toBe('2026-11-23');
    expect(chicagoDay(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24');
    expect(chicagoDay(new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30'); // daylight saving: UTC-5
  });
  it('opens a ten-day window', () => expect(responseDueAt(now).toISOString()).toBe('2026-12-03T15:00:00.000Z'));
});

describe('allowedResponses', () => {
  const open = due('2026-12-03T23:00:00Z');
  it('the merchant answers an open dispute, closes or escalates it', () =>
    expect(allowedResponses(open, 'merchant', now)).toEqual(['respond_to_customer', 'close', 'escalate']));
  it('the customer adds to an open dispute or withdraws it, but cannot escalate it', () =>
    expect(allowedResponses(open, 'customer', now)).toEqual(['respond_to_merchant', 'close']));
  it('escalation belongs to the side the dispute waits on', () => {
    const waitingOnCustomer = due('2026-12-03T23:00:00Z', 'waiting on customer');
    expect(allowedResponses(waitingOnCustomer, 'customer', now)).toEqual(['respond_to_merchant', 'close', 'escalate']);
    expect(allowedResponses(waitingOnCustomer, 'merchant', now)).toEqual(['respond_to_customer', 'close']);
  });
  it('an escalated dispute can only be closed', () => {
    expect(allowedResponses(due('2026-12-03T23:00:00Z', 'escalated'), 'customer', now)).toEqual(['close']);
    expect(allowedResponses(due('2026-12-03T23:00:00Z', 'escalated'), 'merchant', now)).toEqual(['close']);
  });
  it('closed and expired disputes take no response', () => {
    expect(allowedResponses(due('2026-12-03T23:00:00Z', 'closed'), 'customer', now)).toEqual([]);
    expect(allowedResponses(due('2026-11-20T23:00:00Z', 'waiting on customer'), 'customer', now)).toEqual([]);
  });
  it('maps every action to its next status', () =>
    expect(NEXT_STATUS).toEqual({
      respond_to_merchant: 'waiting on merchant',
      respond_to_customer: 'waiting on customer',
      close: 'closed',
      escalate: 'escalated',
    }));
});

describe('ineligibleForBulkResponse (spec §4 bulk rule)', () => {
  const d = (dispute_id: number, status: DisputeStatus, iso = '2026-12-03T23:00:00Z'): BulkCandidate => ({
    dispute_id,
    status,
    response_due_at: iso,
  });
  it('accepts disputes in one status that are not expired', () =>
    expect(ineligibleForBulkResponse([d(1, 'open'), d(2, 'open')], 'merchant', 'respond_to_customer', now)).toEqual([]));
  it('refuses those in another status than the first eligible one', () =>
    expect(ineligibleForBulkResponse([d(1, 'open'), d(2, 'waiting on merchant'), d(3, 'open')], 'merchant', 'close', now)).toEqual([2]));
  it('refuses expired and closed ones, and takes the status from the first eligible one', () =>
    expect(
      ineligibleForBulkResponse([d(4, 'open', '2026-11-20T00:00:00Z'), d(7, 'closed'), d(1, 'open')], 'merchant', 'close', now),
    ).toEqual([4, 7]));
  it('refuses those the action does not suit', () =>
    expect(ineligibleForBulkResponse([d(1, 'open'), d(6, 'escalated')], 'customer', 'respond_to_merchant', now)).toEqual([6]));
  it('refuses all when none can take the action', () =>
    expect(ineligibleForBulkResponse([d(1, 'open'), d(2, 'open')], 'customer', 'escalate', now)).toEqual([1, 2]));
});

describe('disputeIneligibleReason', () => {
  const invoice = (status: string, eligible = true) => ({ status, eligible_for_dispute: eligible });
  it('billed, past due, on hold, adjusted and paid invoices are disputable', () => {
    for (const status of ['Billed', 'Past Due', 'On hold', 'Adjusted', 'Paid'])
      expect(disputeIneligibleReason(invoice(status), null, false)).toBeNull();
  });
  it('the program list reason wins', () =>
    expect(disputeIneligibleReason(invoice('Billed'), 'Invoice older than 120 days', false)).toBe('Invoice older than 120 days'));
  it('refuses a flagged invoice, one under dispute and unbilled, pending or terminated ones', () => {
    expect(disputeIneligibleReason(invoice('Billed', false), null, false)).toBe(INELIGIBLE_REASONS.flagged);
    expect(disputeIneligibleReason(invoice('Billed'), null, true)).toBe(INELIGIBLE_REASONS.underDispute);
    expect(disputeIneligibleReason(invoice('Disputed'), null, false)).toBe(INELIGIBLE_REASONS.underDispute);
    expect(disputeIneligibleReason(invoice('Unbilled'), null, false)).toBe(INELIGIBLE_REASONS.notBilled);
    expect(disputeIneligibleReason(invoice('Pending'), null, false)).toBe(INELIGIBLE_REASONS.notBilled);
    expect(disputeIneligibleReason(invoice('Payment Pending'), null, false)).toBe(INELIGIBLE_REASONS.paymentPending);
    expect(disputeIneligibleReason(invoice('Terminated'), null, false)).toBe(INELIGIBLE_REASONS.terminated);
  });
});

describe('invoiceAfterDispute', () => {
  it('restores Billed before the due date, Past Due after it, moving the amount owed', () => {
    expect(invoiceAfterDispute({ due_date: '2026-11-23', current_due_minor: 500, past_due_minor: 0 }, '2026-11-23')).toEqual({
      status: 'Billed',
      current_due_minor: 500,
      past_due_minor: 0,
    });
    expect(invoiceAfterDispute({ due_date: '2026-11-22', current_due_minor: 500, past_due_minor: 0 }, '2026-11-23')).toEqual({
      status: 'Past Due',
      current_due_minor: 0,
      past_due_minor: 500,
    });
    expect(invoiceAfterDispute({ due_date: null, current_due_minor: 0, past_due_minor: 500 }, '2026-11-23')).toEqual({
      status: 'Billed',
      current_due_minor: 500,
      past_due_minor: 0,
    });
  });
  it('an invoice that owes nothing is Paid', () =>
    expect(invoiceAfterDispute({ due_date: '2026-01-01', current_due_minor: 0, past_due_minor: 0 }, '2026-11-23').status).toBe('Paid'));
});

describe('sideOfUserType', () => {
  it('corporate users answer as customers', () => {
    expect(sideOfUserType('customer')).toBe('customer');
    expect(sideOfUserType('corporate')).toBe('customer');
    expect(sideOfUserType('merchant')).toBe('merchant');
    expect(sideOfUserType('admin')).toBeUndefined();
  });
});

describe('disputed amounts (issue 14)', () => {
  const invoice = { amount_minor: 10_000, current_due_minor: 2_500, past_due_minor: 1_500 };
  it('may dispute up to what is open on the invoice, and a settled transaction up to its amount', () => {
    expect(maxDisputableMinor(invoice)).toBe(4_000);
    expect(maxDisputableMinor({ ...invoice, current_due_minor: 0, past_due_minor: 0 })).toBe(10_000);
  });
  it('refuses zero, negative, fractional and too large amounts', () => {
    expect(disputedAmountProblem(4_000, invoice)).toBeNull();
    expect(disputedAmountProblem(1, invoice)).toBeNull();
    expect(disputedAmountProblem(4_001, invoice)).toBe('amountAboveOpen');
    expect(disputedAmountProblem(0, invoice)).toBe('amountInvalid');
    expect(disputedAmountProblem(-5, invoice)).toBe('amountInvalid');
    expect(disputedAmountProblem(10.5, invoice)).toBe('amountInvalid');
  });
});

describe('bulk selection before an action is chosen (issue 14)', () => {
  const row = (dispute_id: number, status: DisputeStatus, allowed: string[], dueIso = '2026-12-01T00:00:00Z') => ({
    dispute_id,
    status,
    response_due_at: dueIso,
    allowed_responses: allowed,
  });
  it("keeps the disputes of the first answerable one's status; expired, unanswerable and other statuses are ineligible", () => {
    const rows = [
      row(1, 'closed', []),
      row(2, 'open', ['respond_to_merchant', 'close']),
      row(3, 'open', ['respond_to_merchant', 'close'], '2026-11-20T00:00:00Z'),
      row(4, 'escalated', ['close']),
      row(5, 'open', ['respond_to_merchant', 'close']),
    ];
    expect(ineligibleForBulkSelection(rows, now)).toEqual([1, 3, 4]);
    expect(ineligibleForBulkSelection([row(6, 'open', [])], now)).toEqual([6]);
  });
  it("offers the responses every chosen dispute takes, in the side's order", () => {
    expect(
      commonResponses([{ allowed_responses: ['close', 'escalate'] }, { allowed_responses: ['respond_to_customer', 'close'] }], 'merchant'),
    ).toEqual(['close']);
    expect(commonResponses([{ allowed_responses: ['escalate', 'respond_to_customer', 'close'] }], 'merchant')).toEqual([
      'respond_to_customer',
      'close',
      'escalate',
    ]);
    expect(commonResponses([], 'customer')).toEqual([]);
  });
  it('names a text key for every response', () => {
    for (const side of ['customer', 'merchant'] as const) {
      for (const action of SIDE_ACTIONS[side]) expect(ACTION_TEXT_KEYS[action]).toMatch(/^[a-z][A-Za-z]*$/);
    }
  });
});
