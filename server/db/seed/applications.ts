import { addDays, at, DEMO, minimalPdf, type Writer } from './util.ts';

/**
 * Issue 26: one credit application of the demo, so the application centre shows a real case: the
 * payer asked C-1001's line to be raised; the program reviewed it and asked for more information
 * (the applicant may answer). No notices are seeded: the seed's notification centre stays as it was.
 */
export async function seedCreditApplications(db: Writer, today: string, users: Map<string, number>): Promise<void> {
  const submitted = at(addDays(today, -6), 10);
  const reviewed = at(addDays(today, -4), 9);
  const asked = at(addDays(today, -2), 14, 30);
  const { application_id } = await db
    .insertInto('credit_applications')
    .values({
      tenant_id: DEMO,
      kind: 'increase',
      buid_customer: 'C-1001',
      applicant_user_id: users.get('payer') ?? null,
      company_name: 'Northwind Logistics',
      registration_number: 'TX-0045821',
      country: 'US',
      address: '410 Commerce Street, Dallas TX 75202',
      contact_name: 'Pat Rivera',
      contact_email: 'payer@demo.example',
      contact_phone: '214-555-0134',
      requested_limit_minor: 7_500_000,
      currency: 'USD',
      trade_references: JSON.stringify([
        { name: 'Globex Supply', contact_name: 'Ann Lee', email: 'ann.lee@globex.example', phone: '312-555-0188' },
      ]),
      status: 'more_info_needed',
      info_request: 'Please add the balance sheet of the last financial year.',
      created_at: submitted,
      updated_at: asked,
    })
    .returning('application_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('credit_application_events')
    .values([
      { application_id, status: 'submitted', actor: 'applicant', note: null, at: submitted },
      { application_id, status: 'under_review', actor: 'operator', note: null, at: reviewed },
      {
        application_id,
        status: 'more_info_needed',
        actor: 'operator',
        note: 'Please add the balance sheet of the last financial year.',
        at: asked,
      },
    ])
    .execute();
  const statement = minimalPdf('Income statement 2025');
  await db
    .insertInto('credit_application_documents')
    .values({
      application_id,
      doc_type_id: 4,
      entry_ts: submitted,
      file_name: 'income-statement-2025.pdf',
      file_size: statement.byteLength,
      mime_type: 'application/pdf',
      content: statement,
      uploaded_by: users.get('payer') ?? null,
    })
    .execute();
}
