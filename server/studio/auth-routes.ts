import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { checkAccountPassword } from '../auth/password-sign-in.ts';
import { clearFailedSignIns, type SignInCounters } from '../auth/login-lock.ts';
import { normaliseName } from '../auth/sign-in-limits.ts';
import { signInFailureThrottle } from '../auth/throttle.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Operator } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { operatorOf } from './plugin.ts';
import { operatorByName, writeStudioAudit } from './queries.ts';
import { rightsOf } from './rights.ts';
import { HIDDEN, type StudioDeps, send, studioPath } from './route-kit.ts';
import {
  clearOperatorCookies,
  endOperatorSession,
  grantedTenantIds,
  type OperatorSession,
  readOperatorCookie,
  setOperatorCookies,
  startOperatorSession,
} from './sessions.ts';

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

/** The operator's own session in the studio (issue 24): sign-in, sign-out and who is signed in. */
export function operatorAuthRoutes(app: SchemaTypedApp, deps: StudioDeps): void {
  const { db, clock } = deps;
  const failuresPerName = signInFailureThrottle(app);
  const path = studioPath;

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
      const tenantIds = await grantedTenantIds(db, operator.operator_id);
      const session: OperatorSession = { idHash: hashToken(token), csrfToken, operator, tenantIds };
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
}
