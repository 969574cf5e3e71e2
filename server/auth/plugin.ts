import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildAbility, type Policy } from '../../domain/policy.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { TenantStore } from '../tenants/store.ts';
import { ApiError } from '../http/errors.ts';
import { CSRF_HEADER, SESSION_COOKIE, lookupSession } from './sessions.ts';
import { sameToken } from './tokens.ts';
import type { AuthContext } from './context.ts';

export interface AuthPluginOptions { db: Database; clock: Clock; tenants: TenantStore; policy: Policy }

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Resolves tenant and session for every request, and checks CSRF on state-changing ones. */
export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, { db, clock, tenants, policy }) => {
  app.decorateRequest('tenant', null as never);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionExpired', false);

  app.addHook('onRequest', async (request) => {
    const tenant = tenants.forHost(request.headers.host);
    if (!tenant) throw new ApiError(404, ErrorCode.notFound);
    request.tenant = tenant;
    if (!isApiRequest(request)) return;

    const { lookup, row } = await lookupSession(db, clock, tenant, request.cookies[SESSION_COOKIE]);
    request.sessionExpired = lookup.state === 'expired';
    if (lookup.state === 'active' && row) {
      request.auth = await loadAuthContext(db, policy, tenant.flags, lookup.idHash, row);
    }

    if (!SAFE_METHODS.has(request.method)) checkCsrf(request);
  });
}, { name: 'auth', dependencies: ['@fastify/cookie'] });

/** Static files of the portal need no session lookup. */
function isApiRequest(request: FastifyRequest): boolean {
  return !request.url.startsWith('/assets/');
}

function checkCsrf(request: FastifyRequest): void {
  if (request.auth) {
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || !sameToken(header, request.auth.session.csrf_token)) {
      throw new ApiError(403, ErrorCode.csrfInvalid, { header: CSRF_HEADER });
    }
    return;
  }
  // Without a session (sign-in, account recovery) a cross-site form post is the risk:
  // browsers send Origin on such posts, and it must name this host.
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let originHost: string | undefined;
    try { originHost = new URL(origin).host; } catch { originHost = undefined; }
    if (originHost !== request.headers.host) throw new ApiError(403, ErrorCode.csrfInvalid, { header: 'origin' });
  }
}

async function loadAuthContext(
  db: Database, policy: Policy, flags: Record<string, boolean>, idHash: string,
  session: AuthContext['session'],
): Promise<AuthContext | null> {
  const user = await db.selectFrom('users').selectAll().where('user_id', '=', session.user_id).executeTakeFirst();
  if (!user || user.lock_state !== null) return null;
  const [customers, merchants] = await Promise.all([
    db.selectFrom('user_customers').select('buid_customer').where('user_id', '=', user.user_id).execute(),
    db.selectFrom('user_merchants').select('buid_merchant').where('user_id', '=', user.user_id).execute(),
  ]);
  return {
    sessionIdHash: idHash,
    session,
    user,
    ability: buildAbility(policy, { userType: user.user_type, role: user.role, flags }),
    customerIds: customers.map((row) => row.buid_customer),
    merchantIds: merchants.map((row) => row.buid_merchant),
  };
}
