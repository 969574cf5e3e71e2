import { CORRECTION_LIMITS, type CorrectionField, type Corrections } from '../../domain/rejections.ts';

/** The correction form's values as typed (text inputs; the odometer as digits). */
export type CorrectionDraft = Partial<Record<CorrectionField | 'comment', string>>;

/** A message for one field: an i18n key of errors.json with its placeholders (field is a text key). */
export interface FieldProblem {
  field: CorrectionField | 'comment';
  code: string;
  values: { field: string; limit?: number };
}

export const FIELD_LABELS: Readonly<Record<CorrectionField | 'comment', string>> = {
  product: 'rejections.fields.product',
  odometer: 'rejections.fields.odometer',
  driver_id: 'rejections.fields.driverId',
  vehicle_id: 'rejections.fields.vehicleId',
  comment: 'rejections.fields.comment',
};

/** The draft a rejection's correctable fields start from: what the rejection holds now. */
export function initialDraft(
  fields: readonly CorrectionField[],
  current: Partial<Record<CorrectionField, string | number | null>>,
): CorrectionDraft {
  return Object.fromEntries([...fields.map((field) => [field, current[field] == null ? '' : String(current[field])]), ['comment', '']]);
}

/**
 * The draft's problems, by the limits the API's schema enforces (domain CORRECTION_LIMITS): a
 * field the reason concerns must be given (that is what the resubmission needs), the odometer
 * is a whole number from 0 to its maximum, texts stay within their lengths.
 */
export function draftProblems(fields: readonly CorrectionField[], draft: CorrectionDraft): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const problem = (field: FieldProblem['field'], code: string, limit?: number) =>
    problems.push({ field, code, values: { field: FIELD_LABELS[field], ...(limit === undefined ? {} : { limit }) } });
  for (const field of fields) {
    const value = (draft[field] ?? '').trim();
    if (value === '') {
      problem(field, 'errors.validation.required');
      continue;
    }
    if (field === 'odometer') {
      if (!/^\d+$/.test(value)) problem(field, 'errors.validation.type');
      else if (Number(value) > CORRECTION_LIMITS.odometerMax) problem(field, 'errors.validation.maximum', CORRECTION_LIMITS.odometerMax);
    } else {
      const limit = field === 'product' ? CORRECTION_LIMITS.productMaxLength : CORRECTION_LIMITS.idMaxLength;
      if (value.length > limit) problem(field, 'errors.validation.maxLength', limit);
    }
  }
  if ((draft.comment ?? '').length > CORRECTION_LIMITS.commentMaxLength)
    problem('comment', 'errors.validation.maxLength', CORRECTION_LIMITS.commentMaxLength);
  return problems;
}

/** The body's corrections from a valid draft: the fields the reason concerns, and the comment when given. */
export function correctionsOf(fields: readonly CorrectionField[], draft: CorrectionDraft): Corrections {
  const corrections: Corrections = {};
  for (const field of fields) {
    const value = (draft[field] ?? '').trim();
    if (field === 'odometer') corrections.odometer = Number(value);
    else corrections[field] = value;
  }
  const comment = (draft.comment ?? '').trim();
  if (comment) corrections.comment = comment;
  return corrections;
}

/** Whether the user changed anything (the unsaved-changes prompt, spec §2). */
export function isDirty(initial: CorrectionDraft, draft: CorrectionDraft): boolean {
  return Object.keys({ ...initial, ...draft }).some(
    (key) => (initial[key as keyof CorrectionDraft] ?? '') !== (draft[key as keyof CorrectionDraft] ?? ''),
  );
}
