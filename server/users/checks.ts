import { ErrorCode } from '../../domain/error-codes.ts';
import { roleLabel, rolesFor, type UserProblem } from '../../domain/users.ts';
import { unprocessable } from '../http/errors.ts';

/** A PATCH body without its empty texts: the edit screen drops an emptied text; other callers may send '' for no change. */
export function withoutEmptyTexts<B extends object>(body: B): Partial<B> {
  // Object.fromEntries types its keys as string; dropping entries only leaves properties out, hence Partial<B>.
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '')) as Partial<B>;
}

/** The first problem as the API's refusal: 422, the field as pointer, its values as meta. */
export function refuse(problems: UserProblem[]): void {
  const [problem] = problems;
  if (problem)
    throw unprocessable(
      problem.code as typeof ErrorCode.fieldRequired,
      { pointer: `/${problem.field}` },
      { field: problem.field, ...problem.values },
    );
}

/** A role of the side the user is on (issue 26: dealers are never given customer-only roles). */
export function checkedRole(role: string | undefined, merchantSide: boolean) {
  const label = roleLabel(role);
  const allowed = rolesFor(merchantSide);
  if (!label || !allowed.includes(label))
    throw unprocessable(ErrorCode.validationEnum, { pointer: '/role' }, { field: 'role', limit: allowed.join(', ') });
  return label;
}

/** A unique-index violation: another request created the same username first. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
