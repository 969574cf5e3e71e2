import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type ErrorCodeKey } from '../../domain/error-codes.ts';
import { refusedRejections, STATUS_AFTER, uncorrectableFields, type Corrections, type RejectionAction } from '../../domain/rejections.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { enqueueResubmission, resubmissionDone, runResubmissionIfDue } from '../jobs/rejection-resubmit.ts';
import type { AuthContext } from '../auth/context.ts';
import { ApiError, unprocessable } from '../http/errors.ts';
import { selectRejections } from './query.ts';

const REFUSED: Record<RejectionAction, ErrorCodeKey> = {
  cancel: ErrorCode.unableToCancelRejections,
  resubmit: ErrorCode.unableToResubmitInvoice,
};

/** How long the request waits for the program's answer before saying "still processing" (spec §4). */
export const RESUBMIT_DEADLINE_MS = 1_000;
const POLL_MS = 100;

/**
 * Cancels or resubmits rejections, all or nothing: ids outside the caller's scope are "not
 * found"; any that is not active refuses the request (spec §4: cancelling is permanent) with
 * the refused ids in meta, and so do corrections of a field a rejection's reason does not concern.
 * A resubmission records its job in the same transaction (server/jobs/rejection-resubmit.ts) and
 * returns the job's id.
 */
export async function actOnRejections(
  { db, clock }: AppDeps,
  auth: AuthContext,
  tenantId: string,
  action: RejectionAction,
  ids: number[],
  corrections?: Corrections,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const rows = await selectRejections(trx, auth, tenantId).where('rejections.rejection_id', 'in', ids).forUpdate('rejections').execute();
    const byId = new Map(rows.map((row) => [row.rejection_id, row]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw new ApiError(404, ErrorCode.notFound, { pointer: '/rejection_ids' }, { rejection_ids: missing });
    const refused = refusedRejections(
      ids.map((id) => byId.get(id)!),
      action,
    );
    if (refused.length) throw unprocessable(REFUSED[action], { pointer: '/rejection_ids' }, { rejection_ids: refused });
    const misfits = corrections ? rows.filter((row) => uncorrectableFields(row.reject_reason, corrections).length > 0) : [];
    if (corrections && misfits[0]) {
      const field = uncorrectableFields(misfits[0].reject_reason, corrections)[0];
      throw unprocessable(
        ErrorCode.unableToResubmitInvoice,
        { pointer: `/corrections/${field}` },
        { rejection_ids: misfits.map((row) => row.rejection_id) },
      );
    }
    const now = clock.now();
    await trx
      .updateTable('rejections')
      .set({
        status: STATUS_AFTER[action],
        updated_at: now,
        ...(action === 'resubmit' ? { resubmit_state: 'processing' as const, resubmit_error: null } : {}),
        ...(corrections?.product !== undefined ? { product: corrections.product } : {}),
        ...(corrections?.odometer !== undefined ? { odometer: corrections.odometer } : {}),
        ...(corrections?.driver_id !== undefined ? { driver_id: corrections.driver_id } : {}),
        ...(corrections?.vehicle_id !== undefined ? { vehicle_id: corrections.vehicle_id } : {}),
        ...(corrections?.comment ? { resubmit_comment: corrections.comment } : {}),
      })
      .where('rejection_id', 'in', ids)
      .execute();
    for (const id of ids) {
      await audit(trx, {
        tenantId,
        userId: auth.user.user_id,
        action: `rejection.${action}`,
        entity: 'rejection',
        entityId: String(id),
        detail: { trx_id: byId.get(id)?.trx_id, from_status: byId.get(id)?.status, ...(corrections ? { corrections } : {}) },
      });
    }
    if (action !== 'resubmit') return undefined;
    return enqueueResubmission(
      trx,
      clock,
      {
        tenant_id: tenantId,
        user_id: auth.user.user_id,
        rejection_ids: ids,
        deadline_at: new Date(now.getTime() + RESUBMIT_DEADLINE_MS).toISOString(),
      },
      rows.map((row) => row.trx_id),
    );
  });
}

/**
 * Runs the resubmission's job here when it is due at once, else waits for the job runner until
 * the deadline; true when it finished in time.
 */
export async function finishedInTime({ db, clock }: AppDeps, jobId: number, log: FastifyBaseLogger): Promise<boolean> {
  const started = Date.now();
  try {
    if (await runResubmissionIfDue(db, clock, jobId)) return true;
  } catch (error) {
    // The job keeps its lease and the runner retries it later; the user is told it is still processing.
    log.error({ err: error, jobId }, 'resubmission job failed in the request');
    return false;
  }
  while (Date.now() - started < RESUBMIT_DEADLINE_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (await resubmissionDone(db, jobId)) return true;
  }
  return false;
}
