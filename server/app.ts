import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { ErrorCode } from '../domain/error-codes.ts';
import { accessPlugin } from './auth/access.ts';
import { serviceCredential } from './auth/service-credential.ts';
import { authPlugin } from './auth/plugin.ts';
import type { AppDeps } from './deps.ts';
import { DEFAULT_BODY_LIMIT, boundAnonymousBodies } from './http/body-limits.ts';
import { registerCompression } from './http/compression.ts';
import { errorDocument, handleError, writeClientError } from './http/errors.ts';
import { JSON_API } from './http/jsonapi.ts';
import { registerJsonParsers } from './http/json-body.ts';
import { type LoadShedding, registerLoadShedding } from './http/load-shedding.ts';
import { registerOpenApi } from './http/openapi.ts';
import { refuseControlCharacters } from './http/control-characters.ts';
import { applySecurityHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { registerRateLimits, type RateLimits } from './http/rate-limits.ts';
import { isStudioPagePath, registerPortalAssets, studioPage } from './http/static-assets.ts';
import { reconcileCardIntents } from './payments/card-intents.ts';
import { registerFeatures } from './features.ts';
import { studioAuthPlugin } from './studio/plugin.ts';

export interface AppOptions extends AppDeps {
  /** The built portal (vite build output); absent in API-only tests. */
  staticDir?: string;
  logLevel?: string;
  /** Where the log goes (default stdout); tests read it to check what a request logged. */
  logStream?: { write(line: string): void };
  /** Requests per minute and client address of the throttled operations (default DEFAULT_RATE_LIMITS). */
  rateLimits?: RateLimits;
  /**
   * Settle card authorisation intents an earlier process left open, before the app takes requests
   * (server/main.ts sets it; off where the database may not be migrated, e.g. the OpenAPI script).
   */
  reconcileCardIntentsOnStart?: boolean;
  /**
   * Addresses/CIDRs of the TLS-terminating proxies (TRUST_PROXY): only from these do
   * X-Forwarded-For and X-Forwarded-Proto count (client address for rate limits, https for
   * Secure `__Host-` cookies and HSTS). Default none.
   */
  trustProxy?: readonly string[];
  /** Refuse requests with 503 while the event loop is saturated (server/http/load-shedding.ts); off when absent. */
  loadShedding?: LoadShedding;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'warn', ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy?.length ? [...options.trustProxy] : false,
    // Query keys such as filter[buid_customer] stay flat strings; repeated keys become arrays we refuse.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Bad input is refused, never repaired: no stripping of unknown properties, no type coercion.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true } },
    // What the router and Node's HTTP parser refuse is a JSON:API error too (issue 22 item 11).
    // The router answers before any hook runs, so the headers onSend would add are set here.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply);
      return handleError(error, request, reply);
    },
    clientErrorHandler: writeClientError,
  });

  registerJsonParsers(app);
  // The API reads JSON (and the sandbox forms); a text/plain body answers 415 like any other type.
  app.removeContentTypeParser('text/plain');
  // Plain HTML forms (the sandbox identity provider's sign-in page) post url-encoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8_192 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.setErrorHandler(handleError);
  // First of the onRequest hooks: a shed request costs nothing else.
  if (options.loadShedding) await registerLoadShedding(app, options.loadShedding);
  if (options.reconcileCardIntentsOnStart) {
    // A crash between a card's authorisation and its payment must not leave a hold on the card.
    app.addHook('onReady', async () => {
      await reconcileCardIntents(options.db, app.log);
    });
  }
  registerSecurityHeaders(app);
  refuseControlCharacters(app);
  boundAnonymousBodies(app);
  await registerRateLimits(app, options.db, options.rateLimits);
  // Before every route and the static files, so its onSend hook covers them all.
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(authPlugin, { db: options.db, clock: options.clock, tenants: options.tenants, policy: options.policy });
  await app.register(studioAuthPlugin, { db: options.db, clock: options.clock });
  // Before any route: every route must declare its access, and one hook enforces it.
  await app.register(accessPlugin, { operator: serviceCredential(options.operatorKeys ?? []) });
  await registerOpenApi(app);
  await app.register(async (api) => {
    registerFeatures(api, options);
  });

  const staticDir = options.staticDir ? resolve(options.staticDir) : undefined;
  const hasPortal = staticDir !== undefined && existsSync(join(staticDir, 'index.html'));
  const sendPortalPage = hasPortal ? await registerPortalAssets(app, staticDir) : undefined;
  const sendStudioPage = hasPortal ? studioPage(app, staticDir) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    // The operator studio (issue 24) is an app of its own under /studio, beside its API.
    if (sendStudioPage && wantsPage && isStudioPagePath(request.url)) return sendStudioPage(request, reply);
    if (sendPortalPage && wantsPage) {
      // The portal's router decides what a path shows, including its own not-found page.
      return sendPortalPage(request, reply);
    }
    return reply.status(404).type(JSON_API).send(errorDocument(404, ErrorCode.notFound));
  });
  return app;
}
