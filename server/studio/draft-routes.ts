import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { tenantChanges } from '../../domain/tenant-diff.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { ApiError } from '../http/errors.ts';
import { checkDraft } from './check.ts';
import { describeChange } from './describe.ts';
import { operatorOf } from './plugin.ts';
import { closeDraft, type DraftRow, insertDraft, openDrafts, replaceDraftDocument, writeStudioAudit } from './queries.ts';
import { shippedMenus, shippedScreen } from './shipped-screens.ts';
import {
  draftParams,
  HIDDEN,
  langQuery,
  languageOf,
  requireGrant,
  type StudioDeps,
  send,
  studioPath,
  studioReads,
  tenantParams,
} from './route-kit.ts';

const documentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['document'],
  properties: { document: { type: 'object' } },
} as const;
function draftResource(draft: DraftRow) {
  return {
    type: 'draft',
    id: String(draft.draft_id),
    attributes: {
      tenant_id: draft.tenant_id,
      base_revision: draft.base_revision,
      state: draft.state,
      document: draft.document,
      created_by: draft.created_by,
      created_at: new Date(draft.created_at).toISOString(),
      updated_at: new Date(draft.updated_at).toISOString(),
    },
  };
}

/** A tenant as published and its drafts (issue 24): start, read, save, discard, check and diff. */
export function draftRoutes(app: SchemaTypedApp, deps: StudioDeps): void {
  const { db, clock, policy } = deps;
  const path = studioPath;
  const { publishedTenants, grantedDraft, publishedOf } = studioReads(db);

  app.get(
    path('/tenants/:tenantId'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: 'A granted tenant as published' },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const latest = await publishedOf(request.params.tenantId);
      return send(reply, {
        data: { type: 'tenant', id: request.params.tenantId, attributes: { revision: latest.revision, document: latest.document } },
      });
    },
  );

  app.get(
    path('/tenants/:tenantId/drafts'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: 'Open drafts of a tenant' },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      return send(reply, { data: (await openDrafts(db, request.params.tenantId)).map(draftResource) });
    },
  );

  app.post(
    path('/tenants/:tenantId/drafts'),
    {
      schema: { ...HIDDEN, params: tenantParams, body: { ...documentBody, required: [] } },
      config: { access: { operator: 'draft' }, summary: 'Start a draft from the published configuration (or from the document given)' },
    },
    async (request, reply) => {
      const operator = operatorOf(request);
      const { tenantId } = request.params;
      requireGrant(operator, tenantId);
      const latest = await publishedOf(tenantId);
      const draft = await insertDraft(
        db,
        tenantId,
        latest.revision,
        request.body?.document ?? latest.document,
        operator.operator.operator_id,
      );
      await writeStudioAudit(db, {
        tenantId,
        operatorId: operator.operator.operator_id,
        operatorUsername: operator.operator.username,
        action: 'draft_created',
        draftId: draft.draft_id,
        revision: latest.revision,
        after: draft.document,
      });
      return send(reply, { data: draftResource(draft) }, 201);
    },
  );

  app.get(
    path('/drafts/:draftId'),
    {
      schema: { ...HIDDEN, params: draftParams },
      config: { access: { operator: 'read' }, summary: 'A draft' },
    },
    async (request, reply) => send(reply, { data: draftResource(await grantedDraft(request)) }),
  );

  app.put(
    path('/drafts/:draftId'),
    {
      schema: { ...HIDDEN, params: draftParams, body: documentBody },
      config: { access: { operator: 'draft' }, summary: "Replace a draft's document (checked on check and publish)" },
    },
    async (request, reply) => {
      const draft = await grantedDraft(request);
      const operator = operatorOf(request);
      const saved = await replaceDraftDocument(db, draft.draft_id, request.body.document, clock.now());
      if (!saved) throw new ApiError(409, ErrorCode.studioDraftClosed);
      await writeStudioAudit(db, {
        tenantId: draft.tenant_id,
        operatorId: operator.operator.operator_id,
        operatorUsername: operator.operator.username,
        action: 'draft_saved',
        draftId: draft.draft_id,
        before: draft.document,
        after: saved.document,
      });
      return send(reply, { data: draftResource(saved) });
    },
  );

  app.post(
    path('/drafts/:draftId/discard'),
    {
      schema: { ...HIDDEN, params: draftParams },
      config: { access: { operator: 'draft' }, summary: 'Discard a draft' },
    },
    async (request, reply) => {
      const draft = await grantedDraft(request);
      const operator = operatorOf(request);
      if (!(await closeDraft(db, draft.draft_id, 'discarded', clock.now()))) throw new ApiError(409, ErrorCode.studioDraftClosed);
      await writeStudioAudit(db, {
        tenantId: draft.tenant_id,
        operatorId: operator.operator.operator_id,
        operatorUsername: operator.operator.username,
        action: 'draft_discarded',
        draftId: draft.draft_id,
      });
      return reply.status(204).send();
    },
  );

  app.get(
    path('/drafts/:draftId/check'),
    {
      schema: { ...HIDDEN, params: draftParams, querystring: langQuery },
      config: { access: { operator: 'read' }, summary: 'The whole check of a draft: what stops it from being published' },
    },
    async (request, reply) => {
      const draft = await grantedDraft(request);
      const others = await publishedTenants();
      const problems = await checkDraft(draft.document, draft.tenant_id, others, policy, languageOf(request));
      return send(reply, {
        data: { type: 'draft-check', id: String(draft.draft_id), attributes: { publishable: problems.length === 0, problems } },
      });
    },
  );

  app.get(
    path('/drafts/:draftId/diff'),
    {
      schema: { ...HIDDEN, params: draftParams, querystring: langQuery },
      config: { access: { operator: 'read' }, summary: "What publishing the draft changes, in the operator's words" },
    },
    async (request, reply) => {
      const draft = await grantedDraft(request);
      const latest = await publishedOf(draft.tenant_id);
      const language = languageOf(request);
      const changes = tenantChanges(policy, latest.document, draft.document as Tenant, shippedScreen, shippedMenus).map((change) => ({
        ...change,
        text: describeChange(language, change),
      }));
      return send(reply, {
        data: {
          type: 'draft-diff',
          id: String(draft.draft_id),
          attributes: { published_revision: latest.revision, base_revision: draft.base_revision, changes },
        },
      });
    },
  );
}
