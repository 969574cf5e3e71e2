import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { tenantChanges } from '../../domain/tenant-diff.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { checkAccountPassword } from '../auth/password-sign-in.ts';
import { clearFailedSignIns, type SignInCounters } from '../auth/login-lock.ts';
import { normaliseName } from '../auth/sign-in-limits.ts';
import { signInFailureThrottle } from '../auth/throttle.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Operator } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { applicationRoutes } from './application-routes.ts';
import { checkDraft } from './check.ts';
import { describeChange } from './describe.ts';
import { operatorOf } from './plugin.ts';
import { permissionsRoutes } from './permissions-routes.ts';
import { previewRoutes } from './preview-routes.ts';
import { snapshotRoutes } from './snapshot-routes.ts';
import { publishRoutes } from './publish-routes.ts';
import { closeDraft, type DraftRow, insertDraft, openDrafts, operatorByName, replaceDraftDocument, writeStudioAudit } from './queries.ts';
import { rightsOf } from './rights.ts';
import { shippedMenus, shippedScreen } from './shipped-screens.ts';
import { transferRoutes } from './transfer-routes.ts';
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
import {
  clearOperatorCookies,
  endOperatorSession,
  type OperatorSession,
  readOperatorCookie,
  setOperatorCookies,
  startOperatorSession,
} from './sessions.ts';

export type { StudioDeps } from './route-kit.ts';

/** Failed operator sign-ins count on the operator's row; a pause is the studio's to audit. */
const OPERATOR_COUNTERS: SignInCounters = {
  table: 'operators',
  key: 'operator_id',
  async paused(db, tenant, operatorId, at, detail) {
    const operator = await db.selectFrom('operators').select('username').where('operator_id', '=', operatorId).executeTakeFirst();
    await writeStudioAudit(db, {
      tenantId: tenant.id,
      operatorId,
      operatorUsername: operator?.username ?? '',
      action: 'login_paused',
      after: { ...detail, at: at.toISOString() },
    });
  },
};

const documentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['document'],
  properties: { document: { type: 'object' } },
} as const;
const loginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: { username: { type: 'string', minLength: 1, maxLength: 100 }, password: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;

function operatorResource(session: OperatorSession) {
  const { operator } = session;
  return {
    type: 'operator',
    id: String(operator.operator_id),
    attributes: {
      username: operator.username,
      display_name: operator.display_name,
      role: operator.role,
      rights: rightsOf(operator.role),
      tenants: session.tenantIds,
    },
  };
}

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

/** The operator studio's API (issue 24): sign-in, drafts, check, diff, publish, history, rollback, audit; credit applications (issue 26). */
export function studioRoutes(app: SchemaTypedApp, deps: StudioDeps): void {
  const { db, clock, policy } = deps;
  const failuresPerName = signInFailureThrottle(app);
  const path = studioPath;
  const { publishedTenants, grantedDraft, publishedOf } = studioReads(db);

  app.post(
    path('/auth/login'),
    {
      schema: { ...HIDDEN, body: loginBody },
      config: { access: { public: true }, summary: 'Operator sign-in; every failure answers alike (401)' },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // Operators and portal users may share a name: their budgets do not.
      const reservation = await failuresPerName.reserveFailure(request, reply, `operator:${normaliseName(username)}`);
      let operator: Operator | undefined;
      try {
        const found = await operatorByName(db, username);
        const account = found && { account: { ...found, lock_state: found.disabled ? 'disabled' : null }, id: found.operator_id };
        operator = await checkAccountPassword(db, clock, request.tenant, account, password, OPERATOR_COUNTERS);
        if (!operator) {
          await reservation.failed();
          throw new ApiError(401, ErrorCode.credentialsInvalid);
        }
      } finally {
        await reservation.release();
      }
      if (operator.disabled) throw new ApiError(403, ErrorCode.lockedByAdmin);
      const previous = readOperatorCookie(request);
      if (previous) await endOperatorSession(db, hashToken(previous));
      await clearFailedSignIns(db, operator.operator_id, OPERATOR_COUNTERS);
      const { token, csrfToken } = await startOperatorSession(db, clock, operator.operator_id);
      setOperatorCookies(request, reply, token, csrfToken);
      await writeStudioAudit(db, {
        tenantId: request.tenant.id,
        operatorId: operator.operator_id,
        operatorUsername: operator.username,
        action: 'login',
      });
      const grants = await db
        .selectFrom('operator_tenants')
        .select('tenant_id')
        .where('operator_id', '=', operator.operator_id)
        .orderBy('tenant_id')
        .execute();
      const session: OperatorSession = { idHash: hashToken(token), csrfToken, operator, tenantIds: grants.map((grant) => grant.tenant_id) };
      return send(reply, { data: operatorResource(session), meta: { csrf_token: csrfToken } });
    },
  );

  app.post(
    path('/auth/logout'),
    { schema: HIDDEN, config: { access: { public: true }, summary: 'End the operator session' } },
    async (request, reply) => {
      if (request.operator) await endOperatorSession(db, request.operator.idHash);
      clearOperatorCookies(request, reply);
      return reply.status(204).send();
    },
  );

  app.get(
    path('/self'),
    { schema: HIDDEN, config: { access: { operator: 'read' }, summary: 'The signed-in operator' } },
    async (request, reply) => {
      const session = operatorOf(request);
      return send(reply, { data: operatorResource(session), meta: { csrf_token: session.csrfToken } });
    },
  );

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

  publishRoutes(app, deps);
  transferRoutes(app, deps);
  permissionsRoutes(app, deps);
  previewRoutes(app, deps);
  snapshotRoutes(app, deps);
  applicationRoutes(app, deps);
}
