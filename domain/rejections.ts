/**
 * Rejection centre rules of spec §4 and §5, shared by the rejection centre and the program API.
 *
 * A rejection is active until it is cancelled or resubmitted. Cancelling is permanent: a
 * cancelled rejection can be neither resubmitted nor cancelled again. A resubmitted one is in
 * the program's hands and is not resubmitted or cancelled twice either; so both actions apply
 * to active rejections only (spec §5: "at least one ... active rejection must be selected").
 */

export type RejectionStatus = 'active' | 'cancelled' | 'resubmitted';
export type RejectionAction = 'cancel' | 'resubmit';

export const REJECTION_STATUSES: readonly RejectionStatus[] = ['active', 'cancelled', 'resubmitted'];

export function canAct(status: RejectionStatus, _action: RejectionAction): boolean {
  return status === 'active';
}

export const STATUS_AFTER: Readonly<Record<RejectionAction, RejectionStatus>> = {
  cancel: 'cancelled',
  resubmit: 'resubmitted',
};

/** The ids, in the order given, of the rejections the action cannot apply to. */
export function refusedRejections(
  rejections: ReadonlyArray<{ rejection_id: number; status: RejectionStatus }>, action: RejectionAction,
): number[] {
  return rejections.filter((rejection) => !canAct(rejection.status, action)).map((rejection) => rejection.rejection_id);
}

/**
 * Only the last four characters of a card identifier ever leave the server:
 * maskCardIdentifier('7083********4821') === '************4821'.
 */
export function maskCardIdentifier(identifier: string): string {
  const visible = identifier.slice(-4);
  return `${'*'.repeat(Math.max(0, identifier.length - visible.length))}${visible}`;
}
