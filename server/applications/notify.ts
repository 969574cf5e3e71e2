import type { ApplicationStatus } from '../../domain/credit-applications.ts';
import { plainAmount } from '../../domain/payments.ts';
import type { Database } from '../db/database.ts';
import { localeText } from '../i18n/locale-text.ts';
import { enqueueJob, type JobHandler } from '../jobs/runner.ts';
import type { Mailer } from '../mail/mailer.ts';

export const APPLICATION_MAIL_JOB = 'applications.status_mail';

/** The status names of locales/<lang>/common.json (common.status.*), as the portal shows them. */
const STATUS_TEXT: Record<ApplicationStatus, string> = {
  submitted: 'submitted',
  under_review: 'underReview',
  more_info_needed: 'moreInfoNeeded',
  approved: 'approved',
  declined: 'declined',
};

/** Texts of locales/<lang>/applications.json: `applications.notice.<status>.title|body`. */
const noticeKey = (status: ApplicationStatus) => `applications.notice.${STATUS_TEXT[status]}`;

export interface ApplicationFacts {
  application_id: number;
  tenant_id: string;
  buid_customer: string | null;
  applicant_user_id: number | null;
  company_name: string;
  status: ApplicationStatus;
}

/**
 * Issue 26: every status change tells the applicant. A notice in the notification centre of the
 * user who applied (a signed-in customer's application), and a mail to the application's contact
 * through the job runner (SMTP, or the outbox), so a slow mail server never fails the change.
 * Written in the change's own transaction: no change without its notice, no notice without it.
 * A prospective customer (applied from the sign-in page) has no portal user: the mail alone.
 */
export async function noticeStatusChange(trx: Database, application: ApplicationFacts, now: Date): Promise<void> {
  const params = { application: application.application_id, company: application.company_name };
  if (application.applicant_user_id !== null && application.buid_customer !== null) {
    await trx
      .insertInto('notifications')
      .values({
        tenant_id: application.tenant_id,
        buid_customer: application.buid_customer,
        user_id: application.applicant_user_id,
        user_type: null,
        created_ts: now,
        effective_ts: now,
        expires_ts: null,
        text_title: localeText('en', `${noticeKey(application.status)}.title`, params),
        text_body: localeText('en', `${noticeKey(application.status)}.body`, params),
        text_key: noticeKey(application.status),
        text_params: JSON.stringify(params),
        notification_links: JSON.stringify([
          { label: localeText('en', 'applications.notice.open'), url: `/application-centre/${application.application_id}` },
        ]),
        notification_attachments: '[]',
      })
      .execute();
  }
  // No dedupe key: one job per change, written with the change.
  await enqueueJob(trx, {
    kind: APPLICATION_MAIL_JOB,
    runAt: now,
    payload: { application_id: application.application_id, status: application.status },
  });
}

/** The mail job: one message to the application's contact, in the applicant's language, about the status it was queued for. */
export function applicationMailJob(mailer: Mailer): JobHandler {
  return async (payload, { db }) => {
    const application = await db
      .selectFrom('credit_applications')
      .select([
        'application_id',
        'company_name',
        'contact_name',
        'contact_email',
        'language',
        'info_request',
        'approved_limit_minor',
        'currency',
        'decision_note',
      ])
      .where('application_id', '=', Number(payload.application_id))
      .executeTakeFirst();
    if (!application) return;
    const status = String(payload.status) as ApplicationStatus;
    const language = application.language;
    const values = {
      name: application.contact_name,
      application: application.application_id,
      company: application.company_name,
      status: localeText(language, `common.status.${STATUS_TEXT[status]}`),
      // What the applicant needs to act on, or the outcome: the operator's question, the approved limit, the note.
      details:
        status === 'more_info_needed'
          ? (application.info_request ?? '')
          : status === 'approved' && application.approved_limit_minor !== null
            ? plainAmount(application.approved_limit_minor, application.currency)
            : (application.decision_note ?? ''),
    };
    await mailer.send({
      to: application.contact_email,
      subject: localeText(language, 'applications.email.subject', values),
      text: localeText(language, `applications.email.${STATUS_TEXT[status]}`, values),
    });
  };
}

export const applicationJobHandlers = (deps: { mailer: Mailer }): Record<string, JobHandler> => ({
  [APPLICATION_MAIL_JOB]: applicationMailJob(deps.mailer),
});
