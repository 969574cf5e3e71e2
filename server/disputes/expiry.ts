import { chicagoDay } from '../../domain/disputes.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import { localeText } from '../i18n/locale-text.ts';
import { enqueueJob, type JobHandler, type JobScheduler } from '../jobs/runner.ts';
import type { Mailer } from '../mail/mailer.ts';
import { DISPUTE_MAIL_JOB, disputeMailJob } from './notify.ts';

export const DISPUTE_EXPIRY_JOB = 'disputes.expiry';

/** Once per Central US day (spec §9): the expiry sweep; the dedupe key keeps it to one job a day. */
export function scheduleDisputeExpiry(db: Database): JobScheduler {
  return async (now) => {
    const day = chicagoDay(now);
    await enqueueJob(db, { kind: DISPUTE_EXPIRY_JOB, payload: { day }, runAt: now, dedupeKey: `${DISPUTE_EXPIRY_JOB}:${day}` });
  };
}

/**
 * Issue 14: marks the disputes past their response time (domain isExpired: due time passed, not
 * closed) that were not marked yet: expired_at, an audit row, and a notice to both sides. Whether
 * a dispute is expired is always decided from its due time (the API refuses responses the moment
 * it passes); the mark records when it was found. Idempotent: a marked dispute is not marked again.
 */
export const disputeExpiryJob: JobHandler = async (_payload, { db, clock }) => {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('disputes')
      .innerJoin('customers', 'customers.buid_customer', 'disputes.buid_customer')
      .innerJoin('invoices', 'invoices.trx_id', 'disputes.trx_id')
      .select([
        'disputes.dispute_id',
        'disputes.trx_id',
        'disputes.status',
        'disputes.buid_customer',
        'disputes.buid_merchant',
        'customers.tenant_id',
        'invoices.invoice_id',
      ])
      .where('disputes.status', '<>', 'closed')
      .where('disputes.expired_at', 'is', null)
      .where('disputes.response_due_at', 'is not', null)
      .where('disputes.response_due_at', '<', now)
      .forUpdate('disputes')
      .execute();
    if (due.length === 0) return;
    await trx
      .updateTable('disputes')
      .set({ expired_at: now })
      .where(
        'dispute_id',
        'in',
        due.map((row) => row.dispute_id),
      )
      .execute();
    for (const row of due) {
      await audit(trx, {
        tenantId: row.tenant_id,
        userId: null,
        action: 'dispute.expired',
        entity: 'dispute',
        entityId: String(row.dispute_id),
        detail: { trx_id: row.trx_id, status: row.status },
        at: now,
      });
    }
    const key = 'disputes.notice.expired';
    await trx
      .insertInto('notifications')
      .values(
        due.flatMap((row) => {
          const params = { invoice: row.invoice_id, dispute: row.dispute_id };
          const common = {
            tenant_id: row.tenant_id,
            created_ts: now,
            effective_ts: now,
            expires_ts: null,
            text_title: localeText('en', `${key}.title`, params),
            text_body: localeText('en', `${key}.body`, params),
            text_key: key,
            text_params: JSON.stringify(params),
            notification_attachments: '[]',
            notification_links: JSON.stringify([{ label: localeText('en', 'disputes.notice.open'), url: `/dispute-center/${row.trx_id}` }]),
          };
          return [
            { ...common, buid_customer: row.buid_customer, buid_merchant: null, user_type: null },
            { ...common, buid_customer: null, buid_merchant: row.buid_merchant, user_type: 'merchant' },
          ];
        }),
      )
      .execute();
  });
};

/** The job runner's part for disputes: the response mail and the daily expiry sweep (scheduleDisputeExpiry). */
export function disputeJobHandlers(deps: { mailer: Mailer }): Record<string, JobHandler> {
  return { [DISPUTE_MAIL_JOB]: disputeMailJob(deps.mailer), [DISPUTE_EXPIRY_JOB]: disputeExpiryJob };
}
