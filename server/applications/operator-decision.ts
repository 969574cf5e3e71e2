import { type ApplicationStatus, MAX_LIMIT_MINOR, OPERATOR_ACTIONS } from '../../domain/credit-applications.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { FromSchema } from 'json-schema-to-ts';
import type { Database } from '../db/database.ts';
import { likePattern } from '../db/like-pattern.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { applicationWithDetails } from './application-resource.ts';
import { moveApplication, type MoveRecord } from './applications.ts';

/** The program operator's decision, as both the operator API and the operator studio take it. */
export const operatorDecisionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  properties: {
    action: { enum: [...OPERATOR_ACTIONS] },
    // request_info: the question to the applicant (required); decline and approve: an optional note.
    note: { type: 'string', maxLength: 4000 },
    // approve: the new credit limit in minor units of the application's currency; the requested one when absent.
    approved_limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT_MINOR },
  },
} as const;
export type OperatorDecisionBody = FromSchema<typeof operatorDecisionBody>;

/** The applications of a tenant, whoever applied: the operator's view. */
export function tenantApplications(db: Database, tenantId: string) {
  return db.selectFrom('credit_applications').selectAll().where('tenant_id', '=', tenantId);
}

/** What the operator's lists (the operator API's, the studio's) narrow a tenant's applications by. */
export interface ApplicationFilters {
  status?: string;
  buid_customer?: string;
  /** The application's number, or part of its customer's id or its company's name. */
  search?: string;
}

/** A tenant's applications narrowed by the list's filters; the status is one of APPLICATION_STATUSES (the route's schema holds it). */
export function filteredApplications(db: Database, tenantId: string, { status, buid_customer, search }: ApplicationFilters) {
  let query = tenantApplications(db, tenantId);
  if (status) query = query.where('status', '=', status as ApplicationStatus);
  if (buid_customer) query = query.where('buid_customer', '=', buid_customer);
  const words = search?.trim();
  if (words) {
    const pattern = likePattern(words);
    // A number names an application; it may also be part of a customer id or a company's name (C-1001, "3M").
    const number = /^[1-9][0-9]{0,8}$/.test(words) ? Number(words) : undefined;
    query = query.where((eb) =>
      eb.or([
        eb('company_name', 'ilike', pattern),
        eb('buid_customer', 'ilike', pattern),
        ...(number === undefined ? [] : [eb('application_id', '=', number)]),
      ]),
    );
  }
  return query;
}

/** One application of the tenant with its history and documents; 404 when the tenant has none by that number. */
export async function tenantApplication(db: Database, tenantId: string, applicationId: number) {
  const row = await tenantApplications(db, tenantId).where('application_id', '=', applicationId).executeTakeFirst();
  if (!row) throw new ApiError(404, ErrorCode.applicationNotFound);
  return applicationWithDetails(db, row);
}

/**
 * Issue 26: the operator decides (review, request more information, approve, decline) by the
 * transition rule of domain/credit-applications.ts; a question needs its text and only an
 * approval names a limit (400 otherwise, nothing written). Answers the application after it.
 */
export async function decideApplication(
  db: Database,
  target: { tenantId: string; applicationId: number },
  body: OperatorDecisionBody,
  now: Date,
  record?: MoveRecord,
) {
  const { action, note, approved_limit: approvedLimit } = body;
  if (action === 'request_info' && !note?.trim()) throw badRequest(ErrorCode.fieldRequired, { pointer: '/note' }, { field: 'note' });
  if (approvedLimit !== undefined && action !== 'approve') throw badRequest(ErrorCode.invalidRequest, { pointer: '/approved_limit' });
  await moveApplication(
    db,
    target,
    { action, ...(note === undefined ? {} : { note }), ...(approvedLimit === undefined ? {} : { approved_limit: approvedLimit }) },
    { kind: 'operator', userId: null },
    now,
    record,
  );
  return tenantApplication(db, target.tenantId, target.applicationId);
}
