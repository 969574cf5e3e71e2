import {
  applicationTransition,
  approvedCreditLine,
  limitProblem,
  type ApplicationAction,
  type ApplicationKind,
  type ApplicationStatus,
} from '../../domain/credit-applications.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { audit } from '../audit.ts';
import type { Transaction } from 'kysely';
import type { FromSchema } from 'json-schema-to-ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { noticeStatusChange } from './notify.ts';

const shortText = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
const email = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' } as const;
/** Digits, spaces and the usual separators (spec §9's 3-3-4 format is how it is shown, not the only one accepted). */
const phone = { type: 'string', minLength: 7, maxLength: 25, pattern: '^\\+?[0-9][0-9 ().-]{5,23}[0-9]$' } as const;

const company = {
  type: 'object',
  additionalProperties: false,
  required: ['company_name', 'registration_number', 'country', 'address'],
  properties: {
    company_name: shortText(120),
    registration_number: shortText(40),
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    address: shortText(300),
  },
} as const;
const contacts = {
  type: 'object',
  additionalProperties: false,
  required: ['contact_name', 'contact_email', 'contact_phone'],
  properties: { contact_name: shortText(120), contact_email: email, contact_phone: phone },
} as const;
/** The requested line; `kinds` are the applications this applicant may make. */
const limit = <const K extends readonly ApplicationKind[]>(kinds: K) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['requested_limit', 'currency'],
    properties: {
      kind: { enum: kinds },
      requested_limit: { type: 'integer' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    },
  }) as const;
const references = {
  type: 'object',
  additionalProperties: false,
  properties: {
    trade_references: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'contact_name', 'email', 'phone'],
        properties: { name: shortText(120), contact_name: shortText(120), email, phone },
      },
    },
  },
} as const;

/** The application form's steps, as the portal's multi-step form sends them (screens/forms/credit-application.json), for a customer of the caller. */
export const customerApplicationBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['company', 'contacts', 'limit', 'buid_customer'],
  properties: {
    buid_customer: { type: 'string', minLength: 1, maxLength: 64 },
    company,
    contacts,
    limit: limit(['new_line', 'increase']),
    references,
  },
} as const;

/** The same from a prospective customer: no customer yet, so no line to increase. */
export const prospectApplicationBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['company', 'contacts', 'limit'],
  properties: { company, contacts, limit: limit(['new_line']), references },
} as const;

/** Either body; a prospect's has no customer. */
export type ApplicationBody =
  | FromSchema<typeof customerApplicationBodySchema>
  | (FromSchema<typeof prospectApplicationBodySchema> & { buid_customer?: undefined });

export interface Applicant {
  tenantId: string;
  userId: number | null;
  language: string;
}

/**
 * Stores a new application (status submitted) with its first history row and notice, in one
 * transaction. The currency must be one the program offers; an increase must be in one of the
 * customer's currencies (its line is in one of them).
 */
export async function createApplication(db: Database, applicant: Applicant, body: ApplicationBody, now: Date): Promise<number> {
  const limitCode = limitProblem(body.limit.requested_limit);
  if (limitCode) throw new ApiError(422, limitCode, { pointer: '/limit/requested_limit' });
  const kind = body.limit.kind ?? 'new_line';
  return db.transaction().execute(async (trx) => {
    const currencies =
      body.buid_customer && kind === 'increase'
        ? trx.selectFrom('customer_currencies').select('currency as code').where('buid_customer', '=', body.buid_customer)
        : trx.selectFrom('currencies').select('code');
    const offered = await currencies.execute();
    if (!offered.some((row) => row.code.trim() === body.limit.currency)) {
      throw new ApiError(422, ErrorCode.applicationCurrencyNotOffered, { pointer: '/limit/currency' }, { currency: body.limit.currency });
    }
    const { application_id } = await trx
      .insertInto('credit_applications')
      .values({
        tenant_id: applicant.tenantId,
        kind,
        buid_customer: body.buid_customer ?? null,
        applicant_user_id: applicant.userId,
        company_name: body.company.company_name.trim(),
        registration_number: body.company.registration_number.trim(),
        country: body.company.country,
        address: body.company.address.trim(),
        contact_name: body.contacts.contact_name.trim(),
        contact_email: body.contacts.contact_email.trim(),
        contact_phone: body.contacts.contact_phone.trim(),
        requested_limit_minor: body.limit.requested_limit,
        currency: body.limit.currency,
        trade_references: JSON.stringify(body.references?.trade_references ?? []),
        language: applicant.language,
        status: 'submitted',
        created_at: now,
        updated_at: now,
      })
      .returning('application_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('credit_application_events')
      .values({ application_id, status: 'submitted', actor: 'applicant', note: null, at: now })
      .execute();
    await audit(trx, {
      tenantId: applicant.tenantId,
      userId: applicant.userId,
      action: 'create',
      entity: 'credit_application',
      entityId: String(application_id),
      detail: {
        kind,
        buid_customer: body.buid_customer ?? null,
        requested_limit_minor: body.limit.requested_limit,
        currency: body.limit.currency,
      },
    });
    await noticeStatusChange(
      trx,
      {
        application_id,
        tenant_id: applicant.tenantId,
        buid_customer: body.buid_customer ?? null,
        applicant_user_id: applicant.userId,
        company_name: body.company.company_name.trim(),
        status: 'submitted',
      },
      now,
    );
    return application_id;
  });
}

/** A caller's own record of a move, written in the move's transaction. */
export type MoveRecord = (
  trx: Transaction<DB>,
  move: { from: ApplicationStatus; to: ApplicationStatus; approvedLimit: number | null },
) => Promise<void>;

export interface Decision {
  action: ApplicationAction;
  /** The operator's note (request_info: the question; decline: the reason) or the applicant's answer. */
  note?: string;
  /** approve: the new credit limit in minor units; the requested one when absent. */
  approved_limit?: number;
}

/**
 * Moves an application by the transition rule (409 errors.applications.transitionRefused when
 * the rule refuses), records the history row and the notice; an approval of a customer's
 * application sets the customer's credit line to the approved limit in the application's
 * currency, in the same transaction. `scope` narrows which applications the caller may move
 * (the applicant's own); outside it: 404, as if it did not exist. `alongside` writes the caller's own
 * record of the move (the studio's audit) in the same transaction, so a refused move leaves none.
 */
export async function moveApplication(
  db: Database,
  target: { tenantId: string; applicationId: number; scope?: (query: ScopedQuery) => ScopedQuery },
  decision: Decision,
  actor: { kind: 'applicant' | 'operator'; userId: number | null },
  now: Date,
  alongside?: MoveRecord,
): Promise<ApplicationStatus> {
  if (decision.action === 'approve' && decision.approved_limit !== undefined) {
    const limitCode = limitProblem(decision.approved_limit);
    if (limitCode) throw new ApiError(422, limitCode, { pointer: '/approved_limit' });
  }
  return db.transaction().execute(async (trx) => {
    let query: ScopedQuery = trx
      .selectFrom('credit_applications')
      .selectAll()
      .where('tenant_id', '=', target.tenantId)
      .where('application_id', '=', target.applicationId);
    if (target.scope) query = target.scope(query);
    const application = await query.forUpdate().executeTakeFirst();
    if (!application) throw new ApiError(404, ErrorCode.applicationNotFound);
    const move = applicationTransition(application.status, decision.action);
    if (!move.ok) throw new ApiError(409, move.code, { pointer: '/action' }, move.meta);

    const approved = decision.action === 'approve' ? (decision.approved_limit ?? Number(application.requested_limit_minor)) : null;
    const note = decision.note?.trim() || null;
    await trx
      .updateTable('credit_applications')
      .set({
        status: move.to,
        updated_at: now,
        ...(decision.action === 'request_info' ? { info_request: note } : {}),
        ...(decision.action === 'answer' ? { applicant_answer: note } : {}),
        ...(decision.action === 'approve' ? { approved_limit_minor: approved, decision_note: note } : {}),
        ...(decision.action === 'decline' ? { decision_note: note } : {}),
      })
      .where('application_id', '=', application.application_id)
      .execute();
    await trx
      .insertInto('credit_application_events')
      .values({ application_id: application.application_id, status: move.to, actor: actor.kind, note, at: now })
      .execute();

    if (approved !== null && application.buid_customer !== null) {
      const line = approvedCreditLine(application.currency.trim(), approved);
      await trx
        .insertInto('credit_lines')
        .values({ buid_customer: application.buid_customer, ...line })
        .onConflict((conflict) => conflict.column('buid_customer').doUpdateSet(line))
        .execute();
    }
    await audit(trx, {
      tenantId: target.tenantId,
      userId: actor.userId,
      action: decision.action,
      entity: 'credit_application',
      entityId: String(application.application_id),
      detail: {
        from: application.status,
        to: move.to,
        actor: actor.kind,
        ...(approved !== null ? { approved_limit_minor: approved, currency: application.currency } : {}),
      },
    });
    await noticeStatusChange(trx, { ...application, status: move.to }, now);
    await alongside?.(trx, { from: application.status, to: move.to, approvedLimit: approved });
    return move.to;
  });
}

type ScopedQuery = ReturnType<typeof baseQuery>;
function baseQuery(db: Database) {
  return db.selectFrom('credit_applications').selectAll();
}
