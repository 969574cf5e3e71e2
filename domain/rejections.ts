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
  rejections: ReadonlyArray<{ rejection_id: number; status: RejectionStatus }>,
  action: RejectionAction,
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

/** What a user may correct before resubmitting (issue 15: "the fields the rejection reason concerns"). */
export type CorrectionField = 'product' | 'odometer' | 'driver_id' | 'vehicle_id';
export const CORRECTION_FIELDS: readonly CorrectionField[] = ['product', 'odometer', 'driver_id', 'vehicle_id'];
export interface Corrections {
  product?: string;
  odometer?: number;
  driver_id?: string;
  vehicle_id?: string;
  comment?: string;
}

/**
 * The fields each rejection reason concerns. A reason not listed concerns no field: the rejection
 * can only be resubmitted as it is, with a comment (which any reason allows).
 */
const FIELDS_BY_REASON: Readonly<Record<string, readonly CorrectionField[]>> = {
  'missing odometer reading': ['odometer'],
  'invalid odometer reading': ['odometer'],
  'product not allowed on card': ['product'],
  'invalid pin': ['driver_id'],
  'invalid driver id': ['driver_id'],
  'invalid vehicle id': ['vehicle_id'],
  'card expired': ['vehicle_id'],
};

/** correctableFields('Missing odometer reading') → ['odometer']; matching ignores case and spaces around. */
export function correctableFields(reason: string): readonly CorrectionField[] {
  return FIELDS_BY_REASON[reason.trim().toLowerCase()] ?? [];
}

/** The limits the API's schema and the rejection centre's form share. */
export const CORRECTION_LIMITS = {
  productMaxLength: 64,
  odometerMax: 9_999_999,
  idMaxLength: 32,
  commentMaxLength: 500,
} as const;

/**
 * The correction fields given that the rejection's reason does not concern (they would be
 * ignored by the program, so the API refuses them rather than record them).
 */
export function uncorrectableFields(reason: string, corrections: Corrections): CorrectionField[] {
  const allowed = correctableFields(reason);
  return CORRECTION_FIELDS.filter((field) => corrections[field] !== undefined && !allowed.includes(field));
}

/**
 * The outcome the program answers for a resubmitted transaction, in the demo's stand-in for the
 * program: a transaction id ending in SLOW takes SLOW_PROCESSING_MS (past the API's deadline,
 * so the screen says "still processing" and a notification follows); one ending in GONE is not
 * found, one ending in LOCKED is not the program user's to resubmit (spec §8 rejection errors).
 */
export const SLOW_PROCESSING_MS = 30_000;
export type ResubmitOutcome = 'completed' | 'errors.invoices.notFound' | 'errors.invoices.noAccess';
export function simulatedProcessing(trxId: string): { delayMs: number; outcome: ResubmitOutcome } {
  const id = trxId.toUpperCase();
  return {
    delayMs: id.endsWith('SLOW') ? SLOW_PROCESSING_MS : 0,
    outcome: id.endsWith('GONE') ? 'errors.invoices.notFound' : id.endsWith('LOCKED') ? 'errors.invoices.noAccess' : 'completed',
  };
}
