import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { mergePatch } from '../../common/merge-patch.ts';
import { tenantChanges } from '../../domain/tenant-diff.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import { publishTenantRevision } from '../tenants/revisions.ts';
import { TenantDocumentError } from '../tenants/validate.ts';
import { checkDraft } from './check.ts';
import { describeChange } from './describe.ts';
import { operatorOf } from './plugin.ts';
import { closeDraft, insertDraft, writeStudioAudit } from './queries.ts';
import { operatorMay } from './rights.ts';
import { HIDDEN, languageOf, refused, requireGrant, type StudioDeps, send, studioPath, studioReads, tenantParams } from './route-kit.ts';
import { shippedMenus, shippedScreen } from './shipped-screens.ts';

const importQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    dryRun: { enum: ['true', 'false'] },
    replace: { enum: ['true', 'false'] },
    publish: { enum: ['true', 'false'] },
    note: { type: 'string', minLength: 1, maxLength: 500 },
    lang: { type: 'string', pattern: '^[a-z]{2}$' },
  },
} as const;

/**
 * What an import makes of the published document: the file merged over it (JSON Merge Patch: what
 * the file does not mention stays, a null in the file removes that setting), or the file alone with
 * `replace`.
 */
function importedDocument(published: Tenant, file: object, replace: boolean): unknown {
  return replace ? file : mergePatch(published, file);
}

/** Export and import of a tenant's whole configuration as one JSON file (issue 24). */
export function transferRoutes(app: SchemaTypedApp, { db, clock, policy, feed }: StudioDeps): void {
  const { publishedTenants, publishedOf } = studioReads(db);

  app.get(
    studioPath('/tenants/:tenantId/export'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: "The tenant's published configuration as one JSON file (a tenant document)" },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      requireGrant(operatorOf(request), tenantId);
      const latest = await publishedOf(tenantId);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="tenant-${tenantId}-revision-${latest.revision}.json"`)
        .send(JSON.stringify(latest.document, null, 2));
    },
  );

  app.post(
    studioPath('/tenants/:tenantId/import'),
    {
      schema: { ...HIDDEN, params: tenantParams, querystring: importQuery, body: { type: 'object' } },
      config: {
        access: { operator: 'read' },
        summary: 'Import a configuration file: a dry run answers the check and the diff; otherwise a draft, or a publish',
      },
    },
    async (request, reply) => {
      const session = operatorOf(request);
      const { tenantId } = request.params;
      const { note } = request.query;
      const dryRun = request.query.dryRun !== 'false';
      const replace = request.query.replace === 'true';
      const publish = request.query.publish === 'true';
      requireGrant(session, tenantId);
      // Reading what a file would change is everyone's; writing it is an editor's, publishing it a publisher's.
      if (!dryRun && !operatorMay(session.operator.role, publish ? 'publish' : 'draft')) throw forbidden();
      if (!dryRun && publish && !note) throw new ApiError(422, ErrorCode.studioNoteRequired, { parameter: 'note' });
      const file = request.body;
      if (file.id !== undefined && file.id !== tenantId) throw new ApiError(422, ErrorCode.studioImportOtherTenant, { pointer: '/id' });
      const latest = await publishedOf(tenantId);
      const document = importedDocument(latest.document, file, replace);
      const language = languageOf(request);
      const problems = await checkDraft(document, tenantId, await publishedTenants(), policy, language);
      if (dryRun) {
        const changes = problems.some((problem) => problem.rule === 'tenant')
          ? []
          : tenantChanges(policy, latest.document, document as Tenant, shippedScreen, shippedMenus).map((change) => ({
              ...change,
              text: describeChange(language, change),
            }));
        return send(reply, {
          data: {
            type: 'tenant-import',
            id: tenantId,
            attributes: { published_revision: latest.revision, publishable: problems.length === 0, problems, changes, document },
          },
        });
      }
      if (problems.length > 0) throw refused(problems);
      const who = { tenantId, operatorId: session.operator.operator_id, operatorUsername: session.operator.username };
      if (!publish) {
        const draft = await db.transaction().execute(async (trx) => {
          const created = await insertDraft(trx, tenantId, latest.revision, document, session.operator.operator_id);
          await writeStudioAudit(trx, {
            ...who,
            action: 'draft_imported',
            draftId: created.draft_id,
            revision: latest.revision,
            after: document,
          });
          return created;
        });
        return send(
          reply,
          { data: { type: 'draft', id: String(draft.draft_id), attributes: { tenant_id: tenantId, state: draft.state } } },
          201,
        );
      }
      try {
        const { revision } = await publishTenantRevision(
          db,
          feed,
          tenantId,
          document,
          { source: 'operator', note: note ?? null, createdBy: `operator:${session.operator.username}` },
          async (trx, change) => {
            // The import is kept as a draft published at once, so the history shows where the revision came from.
            const draft = await insertDraft(trx, tenantId, latest.revision, document, session.operator.operator_id);
            await closeDraft(trx, draft.draft_id, 'published', clock.now());
            await writeStudioAudit(trx, {
              ...who,
              action: 'published',
              draftId: draft.draft_id,
              revision: change.revision,
              before: latest.document,
              after: document,
              note,
            });
          },
        );
        return send(
          reply,
          { data: { type: 'tenant-revision', id: `${tenantId}:${revision}`, attributes: { tenant_id: tenantId, revision } } },
          201,
        );
      } catch (error) {
        if (error instanceof TenantDocumentError)
          throw refused(error.problems.map((problem) => ({ pointer: '', message: problem, rule: 'tenant' as const })));
        throw error;
      }
    },
  );
}
