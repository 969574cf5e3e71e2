import { plainAmount } from '../../domain/payments.ts';
import { ACTION_TEXT_KEYS, type DisputeAction, type DisputeSide } from '../../domain/disputes.ts';
import type { Database } from '../db/database.ts';
import { localeText } from '../i18n/locale-text.ts';
import { enqueueJob, type JobHandler } from '../jobs/runner.ts';
import type { Mailer } from '../mail/mailer.ts';

export const DISPUTE_MAIL_JOB = 'disputes.response_mail';

/** Texts of locales/<lang>/disputes.json: notices rendered per reader, mails in English (contacts have no language). */
const NOTICE_KEY = (action: DisputeAction) => `disputes.notice.${ACTION_TEXT_KEYS[action]}`;

interface DisputeFacts {
  dispute_id: number;
  trx_id: string;
  buid_customer: string;
  buid_merchant: string;
}

/**
 * Issue 14: a response tells the other side. A notice in the notification centre of the other
 * side's users (the customer's, or the merchant's: notifications.buid_merchant), and a mail to
 * the dispute's contacts, sent by the job runner (SMTP, or the outbox without it) so a slow or
 * failing mail server never fails or slows the response. Written in the response's transaction.
 */
export async function tellOtherSide(
  trx: Database,
  tenantId: string,
  side: DisputeSide,
  action: DisputeAction,
  disputes: readonly DisputeFacts[],
  now: Date,
): Promise<void> {
  if (disputes.length === 0) return;
  const invoices = await trx
    .selectFrom('invoices')
    .select(['trx_id', 'invoice_id', 'currency'])
    .where(
      'trx_id',
      'in',
      disputes.map((dispute) => dispute.trx_id),
    )
    .execute();
  const invoiceOf = new Map(invoices.map((row) => [row.trx_id, row.invoice_id]));
  await trx
    .insertInto('notifications')
    .values(
      disputes.map((dispute) => {
        const params = { invoice: invoiceOf.get(dispute.trx_id) ?? dispute.trx_id, dispute: dispute.dispute_id };
        const toCustomer = side === 'merchant';
        return {
          tenant_id: tenantId,
          buid_customer: toCustomer ? dispute.buid_customer : null,
          buid_merchant: toCustomer ? null : dispute.buid_merchant,
          user_type: toCustomer ? null : 'merchant',
          created_ts: now,
          effective_ts: now,
          expires_ts: null,
          text_title: localeText('en', `${NOTICE_KEY(action)}.title`, params),
          text_body: localeText('en', `${NOTICE_KEY(action)}.body`, params),
          text_key: NOTICE_KEY(action),
          text_params: JSON.stringify(params),
          notification_links: JSON.stringify([
            { label: localeText('en', 'disputes.notice.open'), url: `/dispute-center/${dispute.trx_id}` },
          ]),
          notification_attachments: '[]',
        };
      }),
    )
    .execute();
  for (const dispute of disputes) {
    // No dedupe key: the job is written in the response's own transaction, once per response.
    await enqueueJob(trx, { kind: DISPUTE_MAIL_JOB, runAt: now, payload: { dispute_id: dispute.dispute_id, action, side } });
  }
}

/** The mail job: one message per contact of the dispute, with the latest comment of the response. */
export function disputeMailJob(mailer: Mailer): JobHandler {
  return async (payload, { db }) => {
    const disputeId = Number(payload.dispute_id);
    const action = String(payload.action) as DisputeAction;
    const dispute = await db
      .selectFrom('disputes')
      .innerJoin('invoices', 'invoices.trx_id', 'disputes.trx_id')
      .select(['disputes.dispute_id', 'disputes.status', 'disputes.amount_minor', 'disputes.currency', 'invoices.invoice_id'])
      .where('disputes.dispute_id', '=', disputeId)
      .executeTakeFirst();
    if (!dispute) return;
    const [contacts, latest] = await Promise.all([
      db.selectFrom('dispute_contacts').select(['name', 'email_address']).where('dispute_id', '=', disputeId).orderBy('id').execute(),
      db
        .selectFrom('dispute_responses')
        .select('comment')
        .where('dispute_id', '=', disputeId)
        .orderBy('comment_date', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    for (const contact of contacts) {
      const values = {
        name: contact.name,
        invoice: dispute.invoice_id,
        dispute: dispute.dispute_id,
        action: localeText('en', `disputes.actions.${ACTION_TEXT_KEYS[action]}`),
        status: localeText('en', `common.status.${dispute.status.replace(/ (\w)/g, (_match, letter: string) => letter.toUpperCase())}`),
        amount: plainAmount(dispute.amount_minor, dispute.currency),
        comment: latest?.comment ?? '',
      };
      await mailer.send({
        to: contact.email_address,
        subject: localeText('en', 'disputes.email.subject', values),
        text: localeText('en', 'disputes.email.body', values),
      });
    }
  };
}
