import { sql } from 'kysely';
import { simulatedProcessing } from '../../domain/rejections.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { localeText } from '../i18n/locale-text.ts';
import type { JobContext, JobHandler } from './runner.ts';

/**
 * The program's processing of a resubmission (issue 15), as a durable job: POST /rejections/resubmit
 * records the resubmission and this job in one transaction, then runs the job itself when it is due
 * at once. Processing that outlasts the request's deadline (spec §4: "a resubmit may time out while
 * still processing") is left to the server's job runner, and the job then tells the user who
 * resubmitted with a notification. A process that dies mid-job leaves the job to the runner too.
 */
export const RESUBMIT_JOB = 'rejection.resubmit';

export interface ResubmitPayload {
  tenant_id: string;
  user_id: number;
  rejection_ids: number[];
  /** When the request stops waiting (ISO instant); finishing later means the user was told "still processing". */
  deadline_at: string;
}

const NOTICE_KEY = 'rejections.notifications.resubmitted';

/**
 * Adds the job in the caller's transaction, due when the program will have answered (the demo's
 * stand-in: the slowest transaction's processing time), and returns its id.
 */
export async function enqueueResubmission(
  trx: Database,
  clock: Clock,
  payload: ResubmitPayload,
  trxIds: readonly string[],
): Promise<number> {
  const delayMs = Math.max(0, ...trxIds.map((trxId) => simulatedProcessing(trxId).delayMs));
  const row = await trx
    .insertInto('jobs')
    .values({ kind: RESUBMIT_JOB, payload: JSON.stringify(payload), run_at: new Date(clock.now().getTime() + delayMs) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Applies the program's answer to each rejection still processing (so running twice changes
 * nothing): completed, or failed with the spec §8 code, which makes the rejection active again
 * so the user can correct and resubmit it. Past the deadline, the user gets a notification.
 */
export const resubmitJob: JobHandler = async (raw, { db, clock }: JobContext) => {
  const payload = raw as unknown as ResubmitPayload;
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('rejections')
      .select(['rejection_id', 'trx_id'])
      .where('rejection_id', 'in', payload.rejection_ids)
      .where('resubmit_state', '=', 'processing')
      .forUpdate()
      .execute();
    if (rows.length === 0) return;
    const now = clock.now();
    const failed: string[] = [];
    for (const row of rows) {
      const { outcome } = simulatedProcessing(row.trx_id);
      if (outcome === 'completed') {
        await trx
          .updateTable('rejections')
          .set({ resubmit_state: 'completed', resubmit_error: null, updated_at: now })
          .where('rejection_id', '=', row.rejection_id)
          .execute();
      } else {
        failed.push(row.trx_id);
        await trx
          .updateTable('rejections')
          .set({ status: 'active', resubmit_state: 'failed', resubmit_error: outcome, updated_at: now })
          .where('rejection_id', '=', row.rejection_id)
          .execute();
      }
    }
    if (now.getTime() <= Date.parse(payload.deadline_at)) return;
    const params = {
      total: rows.length,
      completed: rows.length - failed.length,
      transactions: rows.map((row) => row.trx_id).join(', '),
      failed: failed.join(', ') || '-',
    };
    const key = failed.length ? `${NOTICE_KEY}Partly` : NOTICE_KEY;
    await trx
      .insertInto('notifications')
      .values({
        tenant_id: payload.tenant_id,
        buid_customer: null,
        user_type: null,
        user_id: payload.user_id,
        created_ts: now,
        effective_ts: now,
        expires_ts: null,
        high_priority: failed.length > 0,
        text_title: localeText('en', `${key}.title`, params),
        text_body: localeText('en', `${key}.body`, params),
        text_key: key,
        text_params: JSON.stringify(params),
        notification_links: '[]',
        notification_attachments: '[]',
      })
      .execute();
  });
};

export const rejectionJobHandlers: Readonly<Record<string, JobHandler>> = { [RESUBMIT_JOB]: resubmitJob };

/**
 * Runs the job now if it is due and nobody holds it (the same claim as the runner's, so the two
 * never run it at once); resolves true when it ran to completion here.
 */
export async function runResubmissionIfDue(db: Database, clock: Clock, jobId: number, leaseMs = 5 * 60_000): Promise<boolean> {
  const now = clock.now();
  const { rows } = await sql<{ id: number; payload: Record<string, unknown>; attempts: number }>`
    update jobs set status = 'running', attempts = attempts + 1, run_at = ${new Date(now.getTime() + leaseMs)}
    where id = ${jobId} and kind = ${RESUBMIT_JOB} and status = 'queued' and run_at <= ${now}
    returning id, payload, attempts
  `.execute(db);
  const job = rows[0];
  if (!job) return false;
  await resubmitJob(job.payload, { db, clock, jobId: job.id, attempt: job.attempts });
  await db.updateTable('jobs').set({ status: 'done', last_error: null }).where('id', '=', job.id).execute();
  return true;
}

/** Whether the job has finished (here or in the runner). */
export async function resubmissionDone(db: Database, jobId: number): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
  return row?.status === 'done';
}
