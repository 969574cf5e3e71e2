import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { stringifyCsv } from '../csv/export.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { publishTenantRevision } from '../tenants/revisions.ts';
import { TenantDocumentError } from '../tenants/validate.ts';
import { checkDraft } from './check.ts';
import { operatorOf } from './plugin.ts';
import { closeDraft, revisionDocument, revisionsOf, studioAuditOf, writeStudioAudit } from './queries.ts';
import {
  draftParams,
  HIDDEN,
  langQuery,
  languageOf,
  noteBody,
  refused,
  requireGrant,
  revisionParams,
  type StudioDeps,
  send,
  studioPath,
  studioReads,
  tenantParams,
} from './route-kit.ts';

/** A document the tenant rules refuse at publish time (a host another tenant took meanwhile), as the draft check's problems. */
function refusedDocument(error: TenantDocumentError): ApiError {
  return refused(error.problems.map((problem) => ({ pointer: '', message: problem, rule: 'tenant' as const })));
}

/** Publishing a draft, the history, rollback and the audit log (issue 24). */
export function publishRoutes(app: SchemaTypedApp, { db, clock, policy, feed }: StudioDeps): void {
  const { publishedTenants, grantedDraft, publishedOf } = studioReads(db);

  app.post(
    studioPath('/drafts/:draftId/publish'),
    {
      schema: { ...HIDDEN, params: draftParams, body: noteBody, querystring: langQuery },
      config: { access: { operator: 'publish' }, summary: "Publish a draft as the tenant's next revision, after the whole check" },
    },
    async (request, reply) => {
      const draft = await grantedDraft(request);
      const { operator } = operatorOf(request);
      const who = {
        tenantId: draft.tenant_id,
        operatorId: operator.operator_id,
        operatorUsername: operator.username,
        draftId: draft.draft_id,
        note: request.body.note,
      };
      if (draft.state !== 'open') throw new ApiError(409, ErrorCode.studioDraftClosed);
      const latest = await publishedOf(draft.tenant_id);
      // A draft from an older revision would silently undo what was published since.
      if (draft.base_revision !== latest.revision)
        throw new ApiError(409, ErrorCode.studioDraftStale, undefined, {
          base_revision: draft.base_revision,
          published_revision: latest.revision,
        });
      const problems = await checkDraft(draft.document, draft.tenant_id, await publishedTenants(), policy, languageOf(request));
      if (problems.length > 0) {
        await writeStudioAudit(db, { ...who, action: 'publish_refused', revision: latest.revision, after: { problems } });
        throw refused(problems);
      }
      let revision: number;
      try {
        // The revision, the draft's closing and the audit entry commit together or not at all: a
        // publish nobody could account for, or a draft published twice, never goes live.
        ({ revision } = await publishTenantRevision(
          db,
          feed,
          draft.tenant_id,
          draft.document,
          { source: 'operator', note: request.body.note, createdBy: `operator:${operator.username}` },
          async (trx, change) => {
            if (!(await closeDraft(trx, draft.draft_id, 'published', clock.now()))) throw new ApiError(409, ErrorCode.studioDraftClosed);
            await writeStudioAudit(trx, {
              ...who,
              action: 'published',
              revision: change.revision,
              before: latest.document,
              after: draft.document,
            });
          },
        ));
      } catch (error) {
        if (error instanceof TenantDocumentError) throw refusedDocument(error);
        throw error;
      }
      return send(
        reply,
        { data: { type: 'tenant-revision', id: `${draft.tenant_id}:${revision}`, attributes: { tenant_id: draft.tenant_id, revision } } },
        201,
      );
    },
  );

  app.get(
    studioPath('/tenants/:tenantId/revisions'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: "The tenant's published revisions, newest first" },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const rows = await revisionsOf(db, request.params.tenantId);
      return send(reply, {
        data: rows.map((row) => ({
          type: 'tenant-revision',
          id: `${request.params.tenantId}:${row.revision}`,
          attributes: {
            tenant_id: request.params.tenantId,
            revision: row.revision,
            source: row.source,
            note: row.note,
            created_at: new Date(row.created_at).toISOString(),
            created_by: row.created_by,
          },
        })),
      });
    },
  );

  app.get(
    studioPath('/tenants/:tenantId/revisions/:revision'),
    {
      schema: { ...HIDDEN, params: revisionParams },
      config: { access: { operator: 'read' }, summary: "One revision's document" },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const document = await revisionDocument(db, request.params.tenantId, Number(request.params.revision));
      if (!document) throw notFound();
      return send(reply, {
        data: {
          type: 'tenant-revision',
          id: `${request.params.tenantId}:${request.params.revision}`,
          attributes: { revision: Number(request.params.revision), document },
        },
      });
    },
  );

  app.post(
    studioPath('/tenants/:tenantId/revisions/:revision/rollback'),
    {
      schema: { ...HIDDEN, params: revisionParams, body: noteBody },
      config: { access: { operator: 'publish' }, summary: 'Publish an earlier revision again, as a new revision (nothing is destroyed)' },
    },
    async (request, reply) => {
      const { operator } = operatorOf(request);
      const { tenantId } = request.params;
      requireGrant(operatorOf(request), tenantId);
      const target = await revisionDocument(db, tenantId, Number(request.params.revision));
      if (!target) throw notFound();
      const latest = await publishedOf(tenantId);
      let revision: number;
      try {
        // Today's checks apply to an old document too (a host another tenant took since, a provider a group chose).
        ({ revision } = await publishTenantRevision(
          db,
          feed,
          tenantId,
          target,
          { source: 'operator', note: request.body.note, createdBy: `operator:${operator.username}` },
          (trx, change) =>
            writeStudioAudit(trx, {
              tenantId,
              operatorId: operator.operator_id,
              operatorUsername: operator.username,
              action: 'rolled_back',
              revision: change.revision,
              before: latest.document,
              after: target,
              note: `${request.body.note} (revision ${request.params.revision})`,
            }),
        ));
      } catch (error) {
        if (error instanceof TenantDocumentError) throw refusedDocument(error);
        throw error;
      }
      return send(
        reply,
        { data: { type: 'tenant-revision', id: `${tenantId}:${revision}`, attributes: { tenant_id: tenantId, revision } } },
        201,
      );
    },
  );

  const auditRows = async (tenantId: string) =>
    (await studioAuditOf(db, tenantId)).map((row) => ({
      at: new Date(row.at).toISOString(),
      operator: row.operator_username,
      action: row.action,
      draft_id: row.draft_id,
      revision: row.revision,
      note: row.note,
      before: row.before,
      after: row.after,
    }));

  app.get(
    studioPath('/tenants/:tenantId/audit'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'audit' }, summary: "The studio's audit log of a tenant, newest first" },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const rows = await auditRows(request.params.tenantId);
      return send(reply, { data: rows.map((row, index) => ({ type: 'studio-audit', id: String(index + 1), attributes: row })) });
    },
  );

  app.get(
    studioPath('/tenants/:tenantId/audit.csv'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'audit' }, summary: 'The audit log as CSV' },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const rows = (await auditRows(request.params.tenantId)).map((row) => ({
        ...row,
        before: row.before === null ? '' : JSON.stringify(row.before),
        after: row.after === null ? '' : JSON.stringify(row.after),
      }));
      const columns = ['at', 'operator', 'action', 'draft_id', 'revision', 'note', 'before', 'after'];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="studio-audit-${request.params.tenantId}.csv"`)
        .send(stringifyCsv(columns, rows));
    },
  );
}
