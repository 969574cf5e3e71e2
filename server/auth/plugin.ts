import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildAbility, type Policy, type PortalAbility } from '../../domain/policy.ts';
import { type PermissionOverrides, withPermissionOverrides } from '../../domain/policy-overrides.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { TenantStore } from '../tenants/store.ts';
import { ApiError } from '../http/errors.ts';
import { readCookie } from '../http/cookies.ts';
import { refuseForeignOrigin } from '../http/origin-check.ts';
import { CSRF_HEADER, SESSION_COOKIE, destroySession, isPreview, lookupSession, type SessionWithUser } from './sessions.ts';
import { sameToken } from './tokens.ts';
import { LOCAL_IDP_PATH } from '../sso/paths.ts';
import { HEALTH_PATH } from '../health/paths.ts';
import { isStudioApiRequest } from '../studio/plugin.ts';
import { previewMayWrite, previewTenant } from '../studio/preview-tenant.ts';
import type { AuthContext } from './context.ts';
import { TENANT_VERSION_HEADER } from '../../common/tenant-version.ts';
import { tenantVersion } from '../tenants/version.ts';
import { isPreviewSide, PREVIEW_SIDE_HEADER, type PreviewSide } from '../../common/preview-side.ts';

export interface AuthPluginOptions {
  db: Database;
  clock: Clock;
  tenants: TenantStore;
  policy: Policy;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Resolves tenant and session for every request, and checks CSRF on state-changing ones. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, { db, clock, tenants, policy }) => {
    app.decorateRequest('tenant', null as never);
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionExpired', false);

    app.addHook('onRequest', async (request, reply) => {
      // Load balancers probe by address, with whatever Host header: the probes belong to no tenant.
      if (isHealthProbe(request)) return;
      const tenant = tenants.forHost(request.headers.host);
      if (!tenant) throw new ApiError(404, ErrorCode.notFound);
      request.tenant = tenant;
      if (!isApiRequest(request)) return;

      const { lookup, found } = await lookupSession(db, clock, tenant, readCookie(request, SESSION_COOKIE));
      request.sessionExpired = lookup.state === 'expired';
      if (lookup.state === 'active' && found) {
        if (isPreview(found.session)) await startPreviewRequest(request, lookup.idHash, found);
        else request.auth = authContext(policy, tenant, lookup.idHash, found);
      }

      // The tenant served, a preview's included: an open portal reloads when it changes.
      reply.header(TENANT_VERSION_HEADER, tenantVersion(request.tenant));
      if (!SAFE_METHODS.has(request.method)) checkCsrf(request);
    });

    /**
     * A preview session (issue 24) is served its own tenant, whatever the host's: the draft's
     * configuration or the published one, as the request's frame asks (its side header, else the
     * session's side), and may read only; when its draft is gone, it has ended.
     */
    async function startPreviewRequest(request: FastifyRequest, idHash: string, found: SessionWithUser): Promise<void> {
      const previewed = await previewTenant(db, tenants, found.session, requestedSide(request));
      if (!previewed) {
        await destroySession(db, idHash);
        request.sessionExpired = true;
        return;
      }
      request.tenant = previewed;
      request.auth = authContext(policy, previewed, idHash, found);
      if (!SAFE_METHODS.has(request.method) && !previewMayWrite(request.method, request.url)) {
        throw new ApiError(403, ErrorCode.studioPreviewReadOnly);
      }
    }
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

/**
 * Static files of the portal need no session lookup; nor does the local identity provider, which
 * is not the portal's API: its own cookies guard its forms (a plain HTML form sends no CSRF header,
 * and a browser still signed in to the portal must be able to sign in there).
 */
function isApiRequest(request: FastifyRequest): boolean {
  // Nor does the operator studio's API: operators have sessions of their own (server/studio/plugin.ts).
  return !request.url.startsWith('/assets/') && !request.url.startsWith(`${LOCAL_IDP_PATH}/`) && !isStudioApiRequest(request.url);
}

/**
 * The preview side a request names (common/preview-side.ts), read for a preview session only: an
 * ordinary session never looks at the header. A value that names no side is refused rather than
 * guessed at.
 */
function requestedSide(request: FastifyRequest): PreviewSide | undefined {
  const header = request.headers[PREVIEW_SIDE_HEADER];
  if (header === undefined) return undefined;
  if (!isPreviewSide(header)) throw new ApiError(400, ErrorCode.invalidRequest, { header: PREVIEW_SIDE_HEADER });
  return header;
}

function isHealthProbe(request: FastifyRequest): boolean {
  return request.url.startsWith(`${HEALTH_PATH}/`);
}

/** CSRF defence of writes: the request must come from our own pages, and a session's must carry its token. */
function checkCsrf(request: FastifyRequest): void {
  refuseForeignOrigin(request);
  if (!request.auth) return;
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !sameToken(header, request.auth.session.csrf_token)) {
    throw new ApiError(403, ErrorCode.csrfInvalid, { header: CSRF_HEADER });
  }
}

/** Per policy object, so a replaced policy never answers with abilities built from the old one. */
const abilitiesByPolicy = new WeakMap<Policy, Map<string, PortalAbility>>();
/** Far above tenants × user types × roles × flag versions in use; reaching it only costs rebuilds. */
const MAX_CACHED_ABILITIES = 1_000;

/** The flags as a stable string: a tenant whose flags change gets a new key, never a stale ability. */
function flagsKey(flags: Record<string, boolean>): string {
  return Object.keys(flags)
    .sort()
    .map((name) => `${name}=${flags[name] ? 1 : 0}`)
    .join(',');
}

/** Tenants' effective policies per shipped policy, by their overrides: tenants with the same overrides share one. */
const overriddenPolicies = new WeakMap<Policy, Map<string, Policy>>();

/** The policy of a tenant with `overrides` (domain/policy-overrides.ts), the same object for the same overrides. */
export function tenantPolicy(policy: Policy, overrides: PermissionOverrides | undefined): Policy {
  if (!overrides || Object.keys(overrides).length === 0) return policy;
  let byOverrides = overriddenPolicies.get(policy);
  if (!byOverrides) overriddenPolicies.set(policy, (byOverrides = new Map()));
  const key = JSON.stringify(overrides);
  let effective = byOverrides.get(key);
  if (!effective) {
    if (byOverrides.size >= MAX_CACHED_ABILITIES) byOverrides.clear();
    byOverrides.set(key, (effective = withPermissionOverrides(policy, overrides)));
  }
  return effective;
}

/**
 * Abilities depend on the tenant's permission overrides and flags, user type and role only: build
 * each combination once.
 */
export function abilityFor(
  policy: Policy,
  tenantId: string,
  flags: Record<string, boolean>,
  userType: string,
  role: string,
  overrides?: PermissionOverrides,
): PortalAbility {
  const effective = tenantPolicy(policy, overrides);
  let abilities = abilitiesByPolicy.get(effective);
  if (!abilities) abilitiesByPolicy.set(effective, (abilities = new Map()));
  const key = `${tenantId}|${userType}|${role}|${flagsKey(flags)}`;
  let ability = abilities.get(key);
  if (!ability) {
    if (abilities.size >= MAX_CACHED_ABILITIES) abilities.clear();
    ability = buildAbility(effective, { userType, role, flags });
    abilities.set(key, ability);
  }
  return ability;
}

/** Who is calling, unless the user has been locked since the session began. */
function authContext(
  policy: Policy,
  tenant: Pick<Tenant, 'id' | 'flags' | 'overrides'>,
  idHash: string,
  { session, user, customerIds, merchantIds }: SessionWithUser,
): AuthContext | null {
  if (user.lock_state !== null) return null;
  return {
    sessionIdHash: idHash,
    session,
    user,
    ability: abilityFor(policy, tenant.id, tenant.flags, user.user_type, user.role, tenant.overrides?.permissions),
    customerIds,
    merchantIds,
  };
}
