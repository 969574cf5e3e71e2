import { sql, type Kysely } from 'kysely';

/**
 * Issue 26, the application centre: applications for a credit line or an increase, their status
 * history (one row per change, the notice each change sends reads it) and their documents.
 *
 * An application names its customer when a signed-in customer applies (`buid_customer`); one from
 * the sign-in page (a prospective customer) has none and is followed by e-mail, in `language`
 * (the applicant's). Money in minor units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table credit_applications (
      application_id bigserial primary key,
      tenant_id text not null,
      kind text not null check (kind in ('new_line','increase')),
      buid_customer text references customers(buid_customer),
      applicant_user_id bigint references users(user_id),
      company_name text not null,
      registration_number text not null,
      country char(2) not null,
      address text not null,
      contact_name text not null,
      contact_email text not null,
      contact_phone text not null,
      requested_limit_minor bigint not null check (requested_limit_minor > 0),
      currency char(3) not null references currencies(code),
      trade_references jsonb not null default '[]',
      language text not null default 'en',
      status text not null check (status in ('submitted','under_review','more_info_needed','approved','declined')),
      info_request text,
      applicant_answer text,
      approved_limit_minor bigint check (approved_limit_minor > 0),
      decision_note text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (kind = 'new_line' or buid_customer is not null)
    );
    create index credit_applications_customer on credit_applications(tenant_id, buid_customer, created_at desc);
    create index credit_applications_status on credit_applications(tenant_id, status, created_at);

    create table credit_application_events (
      id bigserial primary key,
      application_id bigint not null references credit_applications(application_id),
      status text not null,
      actor text not null check (actor in ('applicant','operator')),
      note text,
      at timestamptz not null
    );
    create index credit_application_events_application on credit_application_events(application_id, at);

    create table credit_application_documents (
      document_id bigserial primary key,
      application_id bigint not null references credit_applications(application_id),
      doc_type_id int not null references document_types(doc_type_id),
      entry_ts timestamptz not null default now(),
      file_name text not null,
      file_size bigint not null,
      mime_type text not null,
      content bytea not null,
      uploaded_by bigint
    );
    create index credit_application_documents_application on credit_application_documents(application_id);
  `.execute(db);
}
