import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Policy } from '../../domain/policy.ts';
import { tenantChanges } from '../../domain/tenant-diff.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { checkAccountPassword } from '../auth/password-sign-in.ts';
import { clearFailedSignIns, type SignInCounters } from '../auth/login-lock.ts';
import { normaliseName } from '../auth/sign-in-limits.ts';
import { signInFailureThrottle } from '../auth/throttle.ts';
import type { Clock } from '../clock.ts';
import { stringifyCsv } from '../csv/export.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database } from '../db/database.ts';
import type { Operator } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { textLanguage } from '../i18n/locale-text.ts';
import { publishTenantRevision, publishedRevisions } from '../tenants/revisions.ts';
import { TenantDocumentError } from '../tenants/validate.ts';
import { checkDraft, type DraftProblem } from './check.ts';
import { describeChange } from './describe.ts';
import { operatorOf, STUDIO_API_PATH } from './plugin.ts';
import {
  closeDraft,
  draftById,
  type DraftRow,
  insertDraft,
  latestRevision,
  openDrafts,
  operatorByName,
  replaceDraftDocument,
  revisionDocument,
  revisionsOf,
  studioAuditOf,
  writeStudioAudit,
} from './queries.ts';
import { rightsOf } from './rights.ts';
import {
  clearOperatorCookies,
  endOperatorSession,
  type OperatorSession,
  readOperatorCookie,
  setOperatorCookies,
  startOperatorSession,
} from './sessions.ts';
import { hashToken } from '../auth/tokens.ts';

export interface StudioDeps {
  db: Database;
  clock: Clock;
  policy: Policy;
  feed: ChangeFeed;
}

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

// The studio is not part of the program API the portal is generated from: its operations stay out of /openapi.json.
const HIDDEN = { hide: true } as const;
const tenantParams = {
  type: 'object',
  required: ['tenantId'],
  properties: { tenantId: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } },
} as const;
const draftParams = {
  type: 'object',
  required: ['draftId'],
  properties: { draftId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
} as const;
const revisionParams = {
  type: 'object',
  required: ['tenantId', 'revision'],
  properties: { tenantId: tenantParams.properties.tenantId, revision: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
} as const;
const langQuery = { type: 'object', additionalProperties: false, properties: { lang: { type: 'string', pattern: '^[a-z]{2}$' } } } as const;
const noteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: { note: { type: 'string', minLength: 1, maxLength: 500 } },
} as const;
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

type TenantRequest = FastifyRequest<{ Params: { tenantId: string } }>;
type DraftRequest = FastifyRequest<{ Params: { draftId: string } }>;

/** The operator's language for texts of the studio: ?lang=, else the browser's first, else English. */
function languageOf(request: FastifyRequest): string {
  const query = request.query as { lang?: string } | undefined;
  return textLanguage(query?.lang ?? request.headers['accept-language']?.split(',')[0]);
}

function send(reply: FastifyReply, body: unknown, status = 200) {
  return reply.status(status).type(JSON_API).send(body);
}

function requireGrant(operator: OperatorSession, tenantId: string): void {
  if (!operator.tenantIds.includes(tenantId)) throw new ApiError(403, ErrorCode.studioTenantNotGranted);
}

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

function refused(problems: readonly DraftProblem[]): ApiError {
  return new ApiError(422, ErrorCode.studioDraftRefused, undefined, { problems });
}

/** The operator studio's API (issue 24): sign-in, drafts, check, diff, publish, history, rollback, audit. */
export function studioRoutes(app: FastifyInstance, { db, clock, policy, feed }: StudioDeps): void {
  const failuresPerName = signInFailureThrottle(app);
  const path = (suffix: string) => `${STUDIO_API_PATH}${suffix}`;

  /** The other tenants as published, for the host check of a draft. */
  const publishedTenants = async () => (await publishedRevisions(db)).map((revision) => revision.document as Tenant);

  async function grantedDraft(request: DraftRequest): Promise<DraftRow> {
    const draft = await draftById(db, Number(request.params.draftId));
    if (!draft) throw notFound();
    requireGrant(operatorOf(request), draft.tenant_id);
    return draft;
  }

  async function publishedOf(tenantId: string) {
    const latest = await latestRevision(db, tenantId);
    if (!latest) throw notFound();
    return latest;
  }

  app.post<{ Body: { username: string; password: string } }>(
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

  app.get<{ Params: { tenantId: string } }>(
    path('/tenants/:tenantId'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: 'A granted tenant as published' },
    },
    async (request: TenantRequest, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const latest = await publishedOf(request.params.tenantId);
      return send(reply, {
        data: { type: 'tenant', id: request.params.tenantId, attributes: { revision: latest.revision, document: latest.document } },
      });
    },
  );

  app.get<{ Params: { tenantId: string } }>(
    path('/tenants/:tenantId/drafts'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: 'Open drafts of a tenant' },
    },
    async (request: TenantRequest, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      return send(reply, { data: (await openDrafts(db, request.params.tenantId)).map(draftResource) });
    },
  );

  app.post<{ Params: { tenantId: string }; Body: { document?: object } }>(
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

  app.get<{ Params: { draftId: string } }>(
    path('/drafts/:draftId'),
    {
      schema: { ...HIDDEN, params: draftParams },
      config: { access: { operator: 'read' }, summary: 'A draft' },
    },
    async (request: DraftRequest, reply) => send(reply, { data: draftResource(await grantedDraft(request)) }),
  );

  app.put<{ Params: { draftId: string }; Body: { document: object } }>(
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

  app.post<{ Params: { draftId: string } }>(
    path('/drafts/:draftId/discard'),
    {
      schema: { ...HIDDEN, params: draftParams },
      config: { access: { operator: 'draft' }, summary: 'Discard a draft' },
    },
    async (request: DraftRequest, reply) => {
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

  app.get<{ Params: { draftId: string }; Querystring: { lang?: string } }>(
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

  app.get<{ Params: { draftId: string }; Querystring: { lang?: string } }>(
    path('/drafts/:draftId/diff'),
    {
      schema: { ...HIDDEN, params: draftParams, querystring: langQuery },
      config: { access: { operator: 'read' }, summary: "What publishing the draft changes, in the operator's words" },
    },
    async (request, reply) => {
      const draft = await grantedDraft(request);
      const latest = await publishedOf(draft.tenant_id);
      const language = languageOf(request);
      const changes = tenantChanges(policy, latest.document, draft.document as Tenant).map((change) => ({
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

  app.post<{ Params: { draftId: string }; Body: { note: string }; Querystring: { lang?: string } }>(
    path('/drafts/:draftId/publish'),
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
      // Claimed first, so two publishers pressing at once publish it once.
      if (!(await closeDraft(db, draft.draft_id, 'published', clock.now()))) throw new ApiError(409, ErrorCode.studioDraftClosed);
      let revision: number;
      try {
        ({ revision } = await publishTenantRevision(db, feed, draft.tenant_id, draft.document, {
          source: 'operator',
          note: request.body.note,
          createdBy: `operator:${operator.username}`,
        }));
      } catch (error) {
        await closeDraft(db, draft.draft_id, 'open', clock.now(), 'published');
        if (error instanceof TenantDocumentError)
          throw refused(error.problems.map((problem) => ({ pointer: '', message: problem, rule: 'tenant' as const })));
        throw error;
      }
      await writeStudioAudit(db, { ...who, action: 'published', revision, before: latest.document, after: draft.document });
      return send(
        reply,
        { data: { type: 'tenant-revision', id: `${draft.tenant_id}:${revision}`, attributes: { tenant_id: draft.tenant_id, revision } } },
        201,
      );
    },
  );

  app.get<{ Params: { tenantId: string } }>(
    path('/tenants/:tenantId/revisions'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: "The tenant's published revisions, newest first" },
    },
    async (request: TenantRequest, reply) => {
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

  app.get<{ Params: { tenantId: string; revision: string } }>(
    path('/tenants/:tenantId/revisions/:revision'),
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

  app.post<{ Params: { tenantId: string; revision: string }; Body: { note: string } }>(
    path('/tenants/:tenantId/revisions/:revision/rollback'),
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
        ({ revision } = await publishTenantRevision(db, feed, tenantId, target, {
          source: 'operator',
          note: request.body.note,
          createdBy: `operator:${operator.username}`,
        }));
      } catch (error) {
        if (error instanceof TenantDocumentError)
          throw refused(error.problems.map((problem) => ({ pointer: '', message: problem, rule: 'tenant' as const })));
        throw error;
      }
      await writeStudioAudit(db, {
        tenantId,
        operatorId: operator.operator_id,
        operatorUsername: operator.username,
        action: 'rolled_back',
        revision,
        before: latest.document,
        after: target,
        note: `${request.body.note} (revision ${request.params.revision})`,
      });
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

  app.get<{ Params: { tenantId: string } }>(
    path('/tenants/:tenantId/audit'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'audit' }, summary: "The studio's audit log of a tenant, newest first" },
    },
    async (request: TenantRequest, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const rows = await auditRows(request.params.tenantId);
      return send(reply, { data: rows.map((row, index) => ({ type: 'studio-audit', id: String(index + 1), attributes: row })) });
    },
  );

  app.get<{ Params: { tenantId: string } }>(
    path('/tenants/:tenantId/audit.csv'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'audit' }, summary: 'The audit log as CSV' },
    },
    async (request: TenantRequest, reply) => {
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
