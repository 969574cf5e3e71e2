import { ErrorCode } from '../../domain/error-codes.ts';
import { isFinal, type ApplicationStatus } from '../../domain/credit-applications.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { AuthContext } from '../auth/context.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { checkedFiles, checkTypeLimits, storedFileColumns, uploadFilesSchema } from '../invoices/document-upload.ts';
import { idInteger } from '../http/api-schema.ts';
import type { FromSchema } from 'json-schema-to-ts';

/** The upload body: base64 files for one application, of the body's document type or each of its own. */
export function applicationUploadBodySchema(maxBase64Length: number) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['application_id', 'files'],
    properties: {
      application_id: idInteger,
      doc_type_id: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 },
      files: uploadFilesSchema(maxBase64Length),
    },
  } as const;
}
export type ApplicationUploadBody = FromSchema<ReturnType<typeof applicationUploadBodySchema>>;

/**
 * An application's supporting documents (issue 26): the same spec §5 rules and tenant limits as
 * an invoice's (server/invoices/document-upload.ts: size, type, files per upload, a type per file,
 * each type's maximum per application), written in one transaction with the application row
 * locked, so two uploads cannot both pass a type's maximum. A decided application takes no more.
 */
export async function uploadApplicationDocuments(db: Database, tenant: Tenant, auth: AuthContext, body: ApplicationUploadBody) {
  const files = checkedFiles(body, tenant);
  return db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('credit_applications')
      .select(['application_id', 'status'])
      .where('tenant_id', '=', tenant.id)
      .where('application_id', '=', body.application_id)
      .where((eb) =>
        eb.or([
          eb('buid_customer', 'in', auth.customerIds.length ? [...auth.customerIds] : ['']),
          eb('applicant_user_id', '=', auth.user.user_id),
        ]),
      )
      .forUpdate()
      .executeTakeFirst();
    if (!application) throw new ApiError(404, ErrorCode.applicationNotFound);
    if (isFinal(application.status as ApplicationStatus)) {
      throw new ApiError(
        409,
        ErrorCode.applicationTransitionRefused,
        { pointer: '/application_id' },
        { status: application.status, action: 'upload' },
      );
    }
    const typeNames = await checkTypeLimits(trx, files, async (docTypeId) => {
      const { existing } = await trx
        .selectFrom('credit_application_documents')
        .select((eb) => eb.fn.countAll<number>().as('existing'))
        .where('application_id', '=', application.application_id)
        .where('doc_type_id', '=', docTypeId)
        .executeTakeFirstOrThrow();
      return Number(existing);
    });
    const stored = await trx
      .insertInto('credit_application_documents')
      .values(files.map((file) => ({ application_id: application.application_id, ...storedFileColumns(file, auth.user.user_id) })))
      .returning(['document_id', 'application_id', 'doc_type_id', 'entry_ts', 'file_name', 'file_size', 'mime_type'])
      .execute();
    for (const document of stored) {
      await audit(trx, {
        tenantId: tenant.id,
        userId: auth.user.user_id,
        action: 'upload',
        entity: 'credit_application_document',
        entityId: String(document.document_id),
        detail: {
          application_id: document.application_id,
          doc_type_id: document.doc_type_id,
          file_name: document.file_name,
          file_size: document.file_size,
        },
      });
    }
    return stored.map((document) => ({ ...document, document_type: typeNames.get(document.doc_type_id) ?? '' }));
  });
}
