import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { APPLICATION_STATUSES } from '../../domain/credit-applications.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { PUBLIC, authOf } from '../auth/access.ts';
import type { AuthContext } from '../auth/context.ts';
import { scopedCustomer } from '../auth/guard.ts';
import { createApplication, customerApplicationBodySchema, moveApplication, prospectApplicationBodySchema } from './applications.ts';
import { applicationResourceSchema, applicationWithDetails, applicationResource } from './application-resource.ts';
import { applicationUploadBodySchema, uploadApplicationDocuments } from './documents.ts';
import type { Database } from '../db/database.ts';
import { base64Length, tenantFilesBodyLimit, uploadBodyLimit } from '../http/body-limits.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import {
  fileResponses,
  idDigits,
  integer,
  listDocument,
  pagedDocument,
  responses,
  singleDocument,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { textLanguage } from '../i18n/locale-text.ts';
import { applicationIdParams, applicationSortColumns } from './request-schemas.ts';
import { sendAttachment, storedBytes } from '../http/attachment.ts';

export const applicationList = {
  filters: ['buid_customer', 'status'] as const,
  sorts: ['created_at', 'status', 'requested_limit'] as const,
  defaultSort: [{ field: 'created_at', direction: 'desc' }] as const,
  defaultPageSize: 50,
  filterSchemas: { status: { type: 'string' as const, enum: APPLICATION_STATUSES, description: 'One status' } },
};
const documentIdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['document_id'],
  properties: { document_id: idDigits },
} as const;
const answerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['answer'],
  properties: { answer: { type: 'string', maxLength: 4000 } },
} as const;
const uploadedSchema = listDocument(strictObject({ document_id: integer, document_type: text, file_name: text, file_size: integer }));

/** The applications a user sees: their customers', and any they made themselves. */
function scopedApplications(db: Database, auth: AuthContext, tenantId: string) {
  return db
    .selectFrom('credit_applications')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb('buid_customer', 'in', auth.customerIds.length ? [...auth.customerIds] : ['']),
        eb('applicant_user_id', '=', auth.user.user_id),
      ]),
    );
}

/**
 * Issue 26, the application centre, applicant side: a customer applies for a credit line or an
 * increase, follows its status and answers "more information needed"; a prospective customer
 * applies from the sign-in page without an account (anonymous: small bodies, a per-address rate
 * limit, no documents, followed by e-mail). The program operator decides through
 * server/applications/operator-routes.ts.
 */
export function creditApplicationRoutes(app: SchemaTypedApp, { db, clock, tenants }: AppDeps): void {
  const largestFile = Math.max(...tenants.tenants.map((tenant) => tenant.limits.files.maxSizeBytes));

  app.get(
    '/credit-applications',
    {
      schema: {
        querystring: listQuerystring(applicationList),
        response: responses(pagedDocument(applicationResourceSchema), 'Applications, newest first'),
      },
      config: {
        access: { can: ['read', 'CreditApplication'] },
        summary: 'Credit applications of a customer (filter[buid_customer], default the selected one); filter[status]; sorted, paged',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, applicationList);
      const customer = scopedCustomer(auth, list.filters.buid_customer);
      let query = scopedApplications(db, auth, request.tenant.id).where('buid_customer', '=', customer);
      if (list.filters.status) query = query.where('status', '=', list.filters.status as (typeof APPLICATION_STATUSES)[number]);
      const { rows, meta } = await fetchPage(query, list, applicationSortColumns, 'application_id');
      return reply.type(JSON_API).send({ data: rows.map((row) => applicationResource(row)), meta: { page: meta } });
    },
  );

  app.get(
    '/credit-applications/:application_id',
    {
      schema: {
        params: applicationIdParams,
        response: responses(singleDocument(applicationResourceSchema), 'One application with its history and documents'),
      },
      config: {
        access: { can: ['read', 'CreditApplication'] },
        summary: 'One credit application: fields, status, history (each change) and documents',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await scopedApplications(db, auth, request.tenant.id)
        .where('application_id', '=', Number(request.params.application_id))
        .executeTakeFirst();
      if (!row) throw new ApiError(404, ErrorCode.applicationNotFound);
      return reply.type(JSON_API).send({ data: await applicationWithDetails(db, row) });
    },
  );

  app.post(
    '/credit-applications',
    {
      schema: {
        body: customerApplicationBodySchema,
        response: responses(singleDocument(applicationResourceSchema), 'The application, submitted', 201),
      },
      config: {
        access: { can: ['create', 'CreditApplication'] },
        summary:
          'Apply for a credit line or an increase for a customer of the caller (company, contacts, requested limit in minor units, trade references)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const customer = scopedCustomer(auth, request.body.buid_customer);
      const id = await createApplication(
        db,
        { tenantId: request.tenant.id, userId: auth.user.user_id, language: auth.user.language },
        { ...request.body, buid_customer: customer },
        clock.now(),
      );
      const row = await scopedApplications(db, auth, request.tenant.id).where('application_id', '=', id).executeTakeFirstOrThrow();
      return reply
        .status(201)
        .type(JSON_API)
        .send({ data: await applicationWithDetails(db, row) });
    },
  );

  // A prospective customer, from the sign-in page. Public: the per-address rate limit
  // (server/http/rate-limits.ts) and the anonymous body limit bound it; no documents here.
  app.post(
    '/prospective-credit-applications',
    {
      schema: {
        body: prospectApplicationBodySchema,
        response: responses(
          singleDocument(strictObject({ type: text, id: text, attributes: strictObject({ application_id: integer, status: text }) })),
          "The application's number and status",
          201,
        ),
      },
      config: {
        access: PUBLIC,
        summary: 'Apply for a credit line without an account (from the sign-in page); followed by e-mail to the contact',
      },
    },
    async (request, reply) => {
      const language = textLanguage(request.headers['accept-language']?.split(',')[0]);
      const id = await createApplication(db, { tenantId: request.tenant.id, userId: null, language }, request.body, clock.now());
      return reply
        .status(201)
        .type(JSON_API)
        .send({ data: { type: 'credit-applications', id: String(id), attributes: { application_id: id, status: 'submitted' } } });
    },
  );

  app.post(
    '/credit-applications/:application_id/answer',
    {
      schema: {
        params: applicationIdParams,
        body: answerBody,
        response: responses(singleDocument(applicationResourceSchema), 'The application, back under review'),
      },
      config: {
        access: { can: ['update', 'CreditApplication'] },
        summary: 'The applicant\'s answer to "more information needed"; the application goes back under review',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const answer = request.body.answer.trim();
      if (!answer) throw badRequest(ErrorCode.fieldRequired, { pointer: '/answer' }, { field: 'answer' });
      const applicationId = Number(request.params.application_id);
      await moveApplication(
        db,
        {
          tenantId: request.tenant.id,
          applicationId,
          scope: (query) =>
            query.where((eb) =>
              eb.or([
                eb('buid_customer', 'in', auth.customerIds.length ? [...auth.customerIds] : ['']),
                eb('applicant_user_id', '=', auth.user.user_id),
              ]),
            ),
        },
        { action: 'answer', note: answer },
        { kind: 'applicant', userId: auth.user.user_id },
        clock.now(),
      );
      const row = await scopedApplications(db, auth, request.tenant.id)
        .where('application_id', '=', applicationId)
        .executeTakeFirstOrThrow();
      return reply.type(JSON_API).send({ data: await applicationWithDetails(db, row) });
    },
  );

  app.post(
    '/credit-application-documents',
    {
      ...tenantFilesBodyLimit(tenants.tenants, uploadBodyLimit),
      schema: {
        body: applicationUploadBodySchema(base64Length(largestFile)),
        response: responses(uploadedSchema, 'The stored documents', 201),
      },
      config: {
        access: { can: ['update', 'CreditApplication'] },
        summary: 'Upload supporting documents (base64, a type each) to an application not yet decided; spec §5 file rules',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const stored = await uploadApplicationDocuments(db, request.tenant, auth, request.body);
      return reply
        .status(201)
        .type(JSON_API)
        .send({
          data: stored.map((row) => ({
            type: 'credit-application-documents',
            id: String(row.document_id),
            attributes: {
              document_id: Number(row.document_id),
              document_type: row.document_type,
              file_name: row.file_name,
              file_size: Number(row.file_size),
            },
          })),
        });
    },
  );

  app.get(
    '/credit-application-documents/:document_id/content',
    {
      schema: { params: documentIdParams, response: fileResponses(['*/*'], "The document's bytes in its own media type") },
      config: { access: { can: ['read', 'CreditApplication'] }, summary: 'The bytes of one application document, as an attachment' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await db
        .selectFrom('credit_application_documents')
        .select(['file_name', 'mime_type', 'content'])
        .where('document_id', '=', Number(request.params.document_id))
        .where('application_id', 'in', scopedApplications(db, auth, request.tenant.id).clearSelect().select('application_id'))
        .executeTakeFirst();
      if (!row) throw new ApiError(404, ErrorCode.notFound);
      return sendAttachment(reply, row.file_name, row.mime_type, storedBytes(row.content));
    },
  );
}
