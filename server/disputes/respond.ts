import { invoiceListCaches } from '../invoices/page.ts';
import {
  ACTION_DESCRIPTIONS,
  chicagoDay,
  ineligibleForBulkResponse,
  invoiceAfterDispute,
  NEXT_STATUS,
  responseDueAt,
  SIDE_ACTIONS,
  type DisputeSide,
} from '../../domain/disputes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { checkFileCount } from '../../domain/files.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { audit } from '../audit.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { idInteger } from '../http/api-schema.ts';
import { ApiError, badRequest, unprocessable } from '../http/errors.ts';
import { assertDocumentTypes, decodeDocument, documentItemSchema, documentRow } from './documents.ts';
import { tellOtherSide } from './notify.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { scopeIds } from './scope.ts';

/**
 * spec §4 bulk response: up to 200 disputes, one action, one comment and supporting documents
 * (issue 14: each stored on every dispute answered); the actions are the side's own.
 */
export function respondBody(side: DisputeSide, maxBase64Length: number) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['dispute_ids', 'action', 'comment'],
    properties: {
      dispute_ids: { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: idInteger },
      action: { enum: [...SIDE_ACTIONS[side]] },
      comment: { type: 'string', maxLength: 2000 },
      // The tenant's maximum files per upload is checked after the schema (checkFileCount).
      documents: { type: 'array', maxItems: 10, items: documentItemSchema(maxBase64Length, {}) },
    },
  } as const;
}

export type RespondBody = FromSchema<ReturnType<typeof respondBody>>;

/**
 * Records one response on each dispute, all or nothing. A dispute outside the caller's side of
 * the row scope is "not found"; if any dispute is ineligible (closed, expired, another status than
 * the rest, or an action its status does not allow — domain/disputes.ts) nothing is written and
 * the 422 lists the ineligible ids. Closing a dispute restores its invoice (invoiceAfterDispute).
 * Issue 14: documents follow the spec §5 file rules and are stored on each dispute answered; when
 * any dispute's reason has documentation_required, a response without a document is refused.
 */
export async function respondToDisputes(
  { db, clock }: { db: Database; clock: Clock },
  auth: AuthContext,
  tenant: Tenant,
  side: DisputeSide,
  body: RespondBody,
): Promise<number[]> {
  const tenantId = tenant.id;
  const comment = body.comment.trim();
  if (comment === '') throw badRequest(ErrorCode.fieldRequired, { pointer: '/comment' }, { field: 'comment' });
  const sent = body.documents ?? [];
  const tooMany = sent.length ? checkFileCount(sent.length, tenant.limits.files) : undefined;
  if (tooMany) throw unprocessable(tooMany.code, { pointer: '/documents' }, tooMany.meta);
  const documents = sent.map((document, index) => decodeDocument(document, `/documents/${index}`, tenant));

  // Statuses change, so list totals must be counted afresh.
  return db
    .transaction()
    .execute(async (trx) => {
      const rows = await trx
        .selectFrom('disputes')
        .innerJoin('customers', 'customers.buid_customer', 'disputes.buid_customer')
        .innerJoin('dispute_reasons', 'dispute_reasons.dispute_reason_id', 'disputes.dispute_reason_id')
        .select([
          'disputes.dispute_id',
          'disputes.trx_id',
          'disputes.status',
          'disputes.response_due_at',
          'disputes.buid_customer',
          'disputes.buid_merchant',
          'dispute_reasons.documentation_required',
        ])
        .where('disputes.dispute_id', 'in', body.dispute_ids)
        .where(side === 'customer' ? 'disputes.buid_customer' : 'disputes.buid_merchant', 'in', scopeIds(auth, side))
        .where('customers.tenant_id', '=', tenantId)
        .forUpdate('disputes')
        .execute();
      const byId = new Map(rows.map((row) => [row.dispute_id, row]));
      const missing = body.dispute_ids.filter((id) => !byId.has(id));
      if (missing.length) throw new ApiError(404, ErrorCode.notFound, { pointer: '/dispute_ids' }, { dispute_ids: missing });

      const now = clock.now();
      const ordered = body.dispute_ids.map((id) => byId.get(id)!);
      const ineligible = ineligibleForBulkResponse(ordered, side, body.action, now);
      if (ineligible.length)
        throw unprocessable(ErrorCode.ineligibleDisputes, { pointer: '/dispute_ids' }, { ineligible_dispute_ids: ineligible });
      const needDocument = ordered.filter((row) => row.documentation_required).map((row) => row.dispute_id);
      if (needDocument.length && documents.length === 0) {
        throw unprocessable(ErrorCode.disputeDocumentRequired, { pointer: '/documents' }, { dispute_ids: needDocument });
      }
      // Every dispute answered receives all the documents.
      await assertDocumentTypes(trx, [documents], body.dispute_ids);

      const closing = body.action === 'close';
      await trx
        .updateTable('disputes')
        .set({
          status: NEXT_STATUS[body.action],
          response_date: now,
          // A response gives the other party a new window; a closed dispute has nothing due.
          ...(closing ? { closed_at: now } : { response_due_at: responseDueAt(now) }),
        })
        .where('dispute_id', 'in', body.dispute_ids)
        .execute();
      await trx
        .insertInto('dispute_responses')
        .values(
          body.dispute_ids.map((dispute_id) => ({
            dispute_id,
            side,
            action: body.action,
            dispute_action_description: ACTION_DESCRIPTIONS[body.action],
            comment,
            comment_date: now,
            user_id: auth.user.user_id,
          })),
        )
        .execute();
      if (documents.length) {
        await trx
          .insertInto('dispute_documents')
          .values(ordered.flatMap((row) => documents.map((document) => documentRow(document, row, now))))
          .execute();
      }
      if (closing)
        await restoreInvoices(
          trx,
          ordered.map((row) => row.trx_id),
          now,
        );
      await tellOtherSide(trx, tenantId, side, body.action, ordered, now);
      for (const row of ordered) {
        await audit(trx, {
          tenantId,
          userId: auth.user.user_id,
          action: `dispute.${body.action}`,
          entity: 'dispute',
          entityId: String(row.dispute_id),
          detail: { side, from_status: row.status, to_status: NEXT_STATUS[body.action], trx_id: row.trx_id, documents: documents.length },
        });
      }
      return body.dispute_ids;
    })
    .finally(() => invoiceListCaches.invalidate());
}

/** Invoices whose last open dispute was just closed leave 'Disputed' (domain invoiceAfterDispute). */
async function restoreInvoices(trx: Database, trxIds: readonly string[], now: Date): Promise<void> {
  const invoices = await trx
    .selectFrom('invoices')
    .select(['trx_id', 'due_date', 'current_due_minor', 'past_due_minor'])
    .where('trx_id', 'in', [...trxIds])
    .where('status', '=', 'Disputed')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('disputes')
            .select('disputes.dispute_id')
            .whereRef('disputes.trx_id', '=', 'invoices.trx_id')
            .where('disputes.status', '!=', 'closed'),
        ),
      ),
    )
    .execute();
  const today = chicagoDay(now);
  for (const invoice of invoices) {
    const restored = invoiceAfterDispute(invoice, today);
    await trx
      .updateTable('invoices')
      .set({ ...restored, disputed_total_minor: 0, updated_at: now })
      .where('trx_id', '=', invoice.trx_id)
      .execute();
  }
}
