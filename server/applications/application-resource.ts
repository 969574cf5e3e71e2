import { APPLICATION_STATUSES, openActions, type ApplicationStatus } from '../../domain/credit-applications.ts';
import type { Database } from '../db/database.ts';
import type { CreditApplicationsTable, TradeReference } from '../db/schema.ts';
import { boolean, instant, integer, nullableInteger, nullableText, resourceSchema, strictObject, text } from '../http/api-schema.ts';
import { resource } from '../http/jsonapi.ts';
import type { Selectable } from 'kysely';

type ApplicationRow = Selectable<CreditApplicationsTable>;
interface EventRow {
  application_id: number;
  status: string;
  actor: string;
  note: string | null;
  at: Date;
}
interface DocumentRow {
  document_id: number;
  application_id: number;
  document_type: string;
  file_name: string;
  file_size: number;
  entry_ts: Date;
}

const historySchema = { type: 'array', items: strictObject({ status: text, actor: text, note: nullableText, at: instant }) } as const;
const documentsSchema = {
  type: 'array',
  items: strictObject({ document_id: integer, document_type: text, file_name: text, file_size: integer, entry_ts: instant }),
} as const;
const referenceSchema = { type: 'array', items: strictObject({ name: text, contact_name: text, email: text, phone: text }) } as const;

/** Amounts (`requested_limit`, `approved_limit`) are integer minor units of `currency`. */
export const applicationResourceSchema = resourceSchema(
  'credit-applications',
  strictObject({
    application_id: integer,
    kind: { enum: ['new_line', 'increase'] },
    buid_customer: nullableText,
    company_name: text,
    registration_number: text,
    country: text,
    address: text,
    contact_name: text,
    contact_email: text,
    contact_phone: text,
    requested_limit: integer,
    approved_limit: nullableInteger,
    currency: text,
    trade_references: referenceSchema,
    status: { enum: [...APPLICATION_STATUSES] },
    info_request: nullableText,
    applicant_answer: nullableText,
    decision_note: nullableText,
    created_at: instant,
    updated_at: instant,
    /** The applicant may answer now (status more_info_needed). */
    can_answer: boolean,
    history: historySchema,
    documents: documentsSchema,
  }),
);

export function applicationResource(row: ApplicationRow, history: readonly EventRow[] = [], documents: readonly DocumentRow[] = []) {
  return resource('credit-applications', row.application_id, {
    application_id: Number(row.application_id),
    kind: row.kind,
    buid_customer: row.buid_customer,
    company_name: row.company_name,
    registration_number: row.registration_number,
    country: row.country.trim(),
    address: row.address,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    requested_limit: Number(row.requested_limit_minor),
    approved_limit: row.approved_limit_minor === null ? null : Number(row.approved_limit_minor),
    currency: row.currency.trim(),
    trade_references: (typeof row.trade_references === 'string'
      ? JSON.parse(row.trade_references)
      : row.trade_references) as TradeReference[],
    status: row.status,
    info_request: row.info_request,
    applicant_answer: row.applicant_answer,
    decision_note: row.decision_note,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    can_answer: openActions(row.status as ApplicationStatus).includes('answer'),
    history: history.map((event) => ({ status: event.status, actor: event.actor, note: event.note, at: new Date(event.at).toISOString() })),
    documents: documents.map((document) => ({
      document_id: Number(document.document_id),
      document_type: document.document_type,
      file_name: document.file_name,
      file_size: Number(document.file_size),
      entry_ts: new Date(document.entry_ts).toISOString(),
    })),
  });
}

/** One application with its history (oldest first) and documents (metadata only). */
export async function applicationWithDetails(db: Database, row: ApplicationRow) {
  const [history, documents] = await Promise.all([
    db
      .selectFrom('credit_application_events')
      .select(['application_id', 'status', 'actor', 'note', 'at'])
      .where('application_id', '=', row.application_id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('credit_application_documents')
      .innerJoin('document_types', 'document_types.doc_type_id', 'credit_application_documents.doc_type_id')
      .select(['document_id', 'application_id', 'document_types.document_type', 'file_name', 'file_size', 'entry_ts'])
      .where('application_id', '=', row.application_id)
      .orderBy('entry_ts')
      .orderBy('document_id')
      .execute(),
  ]);
  return applicationResource(row, history, documents);
}
