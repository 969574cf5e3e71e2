import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  applicationTransition,
  approvedCreditLine,
  isFinal,
  limitProblem,
  MAX_LIMIT_MINOR,
  openActions,
  type ApplicationAction,
  type ApplicationStatus,
} from './credit-applications.ts';
import { ErrorCode } from './error-codes.ts';

const ACTIONS: ApplicationAction[] = ['review', 'request_info', 'approve', 'decline', 'answer'];

describe('application status transitions', () => {
  it.each([
    ['submitted', 'review', 'under_review'],
    ['submitted', 'request_info', 'more_info_needed'],
    ['submitted', 'approve', 'approved'],
    ['submitted', 'decline', 'declined'],
    ['under_review', 'request_info', 'more_info_needed'],
    ['under_review', 'approve', 'approved'],
    ['under_review', 'decline', 'declined'],
    ['more_info_needed', 'answer', 'under_review'],
    ['more_info_needed', 'decline', 'declined'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(applicationTransition(from, action)).toEqual({ ok: true, to });
  });

  it.each([
    ['submitted', 'answer'],
    ['under_review', 'review'],
    ['under_review', 'answer'],
    ['more_info_needed', 'approve'],
    ['more_info_needed', 'review'],
    ['more_info_needed', 'request_info'],
  ] as const)('refuses %s --%s-->', (status, action) => {
    expect(applicationTransition(status, action)).toEqual({
      ok: false,
      code: ErrorCode.applicationTransitionRefused,
      meta: { status, action },
    });
  });

  it('approved and declined are final: every action is refused', () => {
    for (const status of ['approved', 'declined'] as ApplicationStatus[]) {
      expect(isFinal(status)).toBe(true);
      for (const action of ACTIONS) expect(applicationTransition(status, action).ok).toBe(false);
    }
  });

  it('openActions lists exactly the actions the transition accepts, and every target is a status', () => {
    for (const status of APPLICATION_STATUSES) {
      const open = ACTIONS.filter((action) => applicationTransition(status, action).ok);
      expect(openActions(status).sort()).toEqual(open.sort());
      for (const action of open) {
        const result = applicationTransition(status, action);
        expect(result.ok && APPLICATION_STATUSES.includes(result.to)).toBe(true);
      }
    }
  });

  it('only the applicant\'s answer leaves "more information needed" for review', () => {
    const into = APPLICATION_STATUSES.filter((status) => applicationTransition(status, 'answer').ok);
    expect(into).toEqual(['more_info_needed']);
  });
});

describe('limits', () => {
  it('takes whole positive minor units up to the maximum', () => {
    expect(limitProblem(1)).toBeUndefined();
    expect(limitProblem(MAX_LIMIT_MINOR)).toBeUndefined();
  });

  it.each([0, -100, 12.5, MAX_LIMIT_MINOR + 1, Number.NaN, '1000', null])('refuses %s', (value) => {
    expect(limitProblem(value)).toBe(ErrorCode.applicationLimitInvalid);
  });

  it("an approval sets the line to the approved amount in the application's currency", () => {
    expect(approvedCreditLine('CAD', 7_500_000)).toEqual({ currency: 'CAD', credit_limit_minor: 7_500_000 });
  });
});
