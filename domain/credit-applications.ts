/**
 * Issue 26, the application centre: a credit line (or an increase) is applied for, then moves
 * through the program's review. The statuses and who may move them where are one pure rule, so
 * the server refuses an illegal move (409) and the portal offers only the legal ones.
 *
 *   submitted ──review──▶ under review ──approve──▶ approved
 *       │                    │  ▲  └────decline───▶ declined
 *       │            request_info│  │answer (the applicant)
 *       │                    ▼  │
 *       └──request_info──▶ more information needed ──decline──▶ declined
 *
 * A submitted application may also be approved or declined at once. Approved and declined are final.
 */
import { ErrorCode, type ErrorCodeKey } from './error-codes.ts';

export const APPLICATION_STATUSES = ['submitted', 'under_review', 'more_info_needed', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** What the program operator decides (the operator API) … */
export const OPERATOR_ACTIONS = ['review', 'request_info', 'approve', 'decline'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];
/** … and what the applicant does: answer a request for more information. */
export type ApplicationAction = OperatorAction | 'answer';

export const APPLICATION_KINDS = ['new_line', 'increase'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

const MOVES: Record<ApplicationStatus, Partial<Record<ApplicationAction, ApplicationStatus>>> = {
  submitted: { review: 'under_review', request_info: 'more_info_needed', approve: 'approved', decline: 'declined' },
  under_review: { request_info: 'more_info_needed', approve: 'approved', decline: 'declined' },
  more_info_needed: { answer: 'under_review', decline: 'declined' },
  approved: {},
  declined: {},
};

export type Transition =
  | { ok: true; to: ApplicationStatus }
  | { ok: false; code: ErrorCodeKey; meta: { status: ApplicationStatus; action: ApplicationAction } };

/** The status an action leads to from `status`, or the refusal (errors.applications.transitionRefused, HTTP 409). */
export function applicationTransition(status: ApplicationStatus, action: ApplicationAction): Transition {
  const to = MOVES[status][action];
  return to ? { ok: true, to } : { ok: false, code: ErrorCode.applicationTransitionRefused, meta: { status, action } };
}

/** The actions open from a status (the portal offers these; an empty list: the application is decided). */
export function openActions(status: ApplicationStatus): ApplicationAction[] {
  return Object.keys(MOVES[status]) as ApplicationAction[];
}

export const isFinal = (status: ApplicationStatus) => openActions(status).length === 0;

/** The largest limit a request or an approval may name: 10^13 minor units, far inside a safe integer and a bigint. */
export const MAX_LIMIT_MINOR = 10_000_000_000_000;

/** A requested or approved limit: whole minor units, above zero, at most MAX_LIMIT_MINOR. */
export function limitProblem(minor: unknown): ErrorCodeKey | undefined {
  if (typeof minor !== 'number' || !Number.isSafeInteger(minor) || minor <= 0 || minor > MAX_LIMIT_MINOR)
    return ErrorCode.applicationLimitInvalid;
  return undefined;
}

/**
 * The customer's credit limit after an approval: the approved amount is the new limit of the
 * line (for an increase, the new total, not an addition), in the application's currency.
 */
export function approvedCreditLine(currency: string, approvedMinor: number): { currency: string; credit_limit_minor: number } {
  return { currency, credit_limit_minor: approvedMinor };
}
