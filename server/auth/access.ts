import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { decideGuard, type GuardDefinition } from '../../domain/route-guards.ts';
import { forbidden } from '../http/errors.ts';
import type { AuthContext } from './context.ts';
import { requireAuth } from './guard.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { unauthenticated } from '../http/errors.ts';
import { operatorMay, type StudioRight } from '../studio/rights.ts';
import { type ServiceCredential, serviceCredential } from './service-credential.ts';

/**
 * What a route requires, declared in its options (`config: { access }`); one hook enforces it
 * before the body is read (so before validation and the handler) (DESIGN.md "Deny by default").
 * - `{ public: true }`: anyone, signed in or not (sign-in, configuration, the sandbox providers).
 * - `{ signedIn: true }`: any signed-in user; row scope in the queries does the rest.
 * - `{ can: [action, subject], userTypes?, roles?, flags? }`: the policy of permissions/policy.json
 *   and the rest of a screen guard's vocabulary, decided by the browser's own `decideGuard`.
 * - `{ operator: right }`: the operator studio, by the operator's role (server/studio/rights.ts).
 * - `{ service: 'operator' }`: no portal user; a service presenting the operator key
 *   (server/auth/service-credential.ts; issue 26: the program operator's decisions).
 */
export type RouteAccess = PortalAccess | OperatorAccess | ServiceAccess;
export type PortalAccess = { public: true } | { signedIn: true } | PolicyAccess;
/** The operator studio's routes (issue 24): a signed-in operator whose role holds the right; portal sessions count for nothing. */
export type OperatorAccess = { operator: StudioRight };
export type ServiceAccess = { service: 'operator' };
export type PolicyAccess = Required<Pick<GuardDefinition, 'can'>> & Pick<GuardDefinition, 'userTypes' | 'roles' | 'flags'>;

export const PUBLIC: RouteAccess = { public: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The operation's one-line summary in the OpenAPI document. */
    summary?: string;
  }
  interface FastifyInstance {
    /** Every route's declared access, as registered (one entry per method and url). */
    readonly routeAccess: readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/** A route without a declaration: buildApp rejects with this, naming the route. */
export class MissingAccessError extends Error {}

export const isServiceAccess = (access: unknown): access is ServiceAccess =>
  typeof access === 'object' && access !== null && 'service' in access;

/** The route options' declaration as a screen guard, for `decideGuard`; undefined when public. */
export function guardOf(access: PortalAccess): GuardDefinition | undefined {
  if ('public' in access) return undefined;
  if ('signedIn' in access) return {};
  return access;
}

/**
 * @fastify/static marks each file route it registers with `config.file` and `config.rootPath`
 * (its index.js, setUpHeadAndGet): the portal's built files are public by construction.
 */
function isStaticFileRoute(route: RouteOptions): boolean {
  const config = route.config as { file?: unknown; rootPath?: unknown } | undefined;
  return typeof config?.file === 'string' && typeof config.rootPath === 'string';
}

/** Registered once, before any route: checks declarations at registration and enforces them per request. */
export const accessPlugin = fp(
  async (app: FastifyInstance, options: { operator?: ServiceCredential }) => {
    // Without a credential no key is known, and every service route refuses.
    const operatorService = options.operator ?? serviceCredential([]);
    const declared: DeclaredRoute[] = [];
    app.decorate('routeAccess', declared);

    app.addHook('onRoute', (route) => {
      if (!route.config?.access && isStaticFileRoute(route)) route.config = { ...route.config, access: PUBLIC };
      const access = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!access) {
        throw new MissingAccessError(
          `${methods.join(',')} ${route.url} declares no access: add config.access ({ public: true }, { signedIn: true } or { can: [action, subject] })`,
        );
      }
      for (const method of methods) declared.push({ method, url: route.url, access });
    });

    // Before the body is read (issue 22 item 9: a user who may not upload made the server read and
    // parse 33 MB first), and so before validation: a refused caller learns nothing about the shape.
    // A callback hook: the check is synchronous, and a promise per request cost the hot lists (issue 25).
    app.addHook('preParsing', (request, _reply, _payload, done) => {
      checkAccess(request);
      done();
    });

    function checkAccess(request: FastifyRequest): void {
      // The not-found handler is public: it answers 404 (or the portal's index.html) to anyone.
      if (request.is404) return;
      const access = request.routeOptions.config.access;
      // Unreachable (onRoute refuses such routes), but should it happen: refuse, never open.
      if (!access) throw forbidden();
      if ('operator' in access) {
        requireOperatorRight(request, access.operator);
        return;
      }
      if (isServiceAccess(access)) {
        operatorService.verify(request);
        return;
      }
      const guard = guardOf(access);
      if (!guard) return;
      const auth = requireAuth(request);
      const decision = decideGuard(guard, {
        authenticated: true,
        userType: auth.user.user_type,
        role: auth.user.role,
        flags: request.tenant.flags,
        ability: auth.ability,
        // Row scope (the selected customer or merchant) is the queries' business, not access.
        hasCustomer: true,
        hasMerchant: true,
      });
      if (!decision.allow) throw forbidden();
    }
  },
  { name: 'access', dependencies: ['auth'] },
);

/** A studio route: a signed-in operator (401 otherwise, whatever portal session the browser holds) whose role holds `right`. */
function requireOperatorRight(request: FastifyRequest, right: StudioRight): void {
  const operator = request.operator;
  if (!operator) throw unauthenticated(ErrorCode.notAuthenticated);
  if (!operatorMay(operator.operator.role, right)) throw forbidden();
}

/** The caller of a route whose declared access requires a signed-in user (checked by the hook). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error(`${request.method} ${request.url}: authOf on a route whose access lets anonymous callers in`);
  return request.auth;
}
