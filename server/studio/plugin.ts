import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../domain/error-codes.ts';
import { CSRF_HEADER } from '../auth/sessions.ts';
import { sameToken } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { refuseForeignOrigin } from '../http/origin-check.ts';
import { findOperatorSession, type OperatorSession, readOperatorCookie } from './sessions.ts';

/** Everything of the studio's API lives under this path; the portal's session hook leaves it alone. */
export const STUDIO_API_PATH = '/studio/api';

export function isStudioApiRequest(url: string): boolean {
  return url === STUDIO_API_PATH || url.startsWith(`${STUDIO_API_PATH}/`) || url.startsWith(`${STUDIO_API_PATH}?`);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator of a studio request (issue 24); null elsewhere and when signed out. */
    operator: OperatorSession | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Resolves the operator's session on studio requests and checks CSRF on their writes, as the portal's hook does for its own. */
export const studioAuthPlugin = fp<{ db: Database; clock: Clock }>(
  async (app: FastifyInstance, { db, clock }) => {
    app.decorateRequest('operator', null);
    // A callback hook: the portal's own requests (the hot lists, issue 25) pass without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isStudioApiRequest(request.url) || !request.tenant) return done();
      resolveOperator(request).then(() => done(), done);
    });

    async function resolveOperator(request: FastifyRequest): Promise<void> {
      request.operator = (await findOperatorSession(db, clock, request.tenant, readOperatorCookie(request))) ?? null;
      if (!SAFE_METHODS.has(request.method)) checkCsrf(request);
    }
  },
  { name: 'studio-auth', dependencies: ['auth'] },
);

function checkCsrf(request: FastifyRequest): void {
  refuseForeignOrigin(request);
  if (!request.operator) return;
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !sameToken(header, request.operator.csrfToken)) {
    throw new ApiError(403, ErrorCode.csrfInvalid, { header: CSRF_HEADER });
  }
}

/** The operator of a route whose access requires one (checked by the access hook). */
export function operatorOf(request: FastifyRequest): OperatorSession {
  if (!request.operator) throw new Error(`${request.method} ${request.url}: operatorOf on a route open to anyone`);
  return request.operator;
}
