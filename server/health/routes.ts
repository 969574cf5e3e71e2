import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { ERROR_DOCUMENT_ID, metaDocument, strictObject, text, textList } from '../http/api-schema.ts';
import { errorDocument } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { HEALTH_PATH } from './paths.ts';

const errorResponse = {
  description: 'Not ready (JSON:API error)',
  content: { [JSON_API]: { schema: { $ref: `${ERROR_DOCUMENT_ID}#` } } },
} as const;

/**
 * Probes for load balancers and orchestrators. Liveness says the process answers (restart it when
 * it does not); readiness says it can serve: the database answers and has every migration of this
 * build (send it traffic only then). A database that is away makes the process not ready, never dead.
 */
export function healthRoutes(app: SchemaTypedApp, { db }: Pick<AppDeps, 'db'>): void {
  app.get(
    `${HEALTH_PATH}/live`,
    {
      schema: {
        response: {
          200: { description: 'The process answers', content: { [JSON_API]: { schema: metaDocument(strictObject({ status: text })) } } },
        },
      },
      config: { access: { public: true }, summary: 'Liveness: the process is running and its event loop answers' },
    },
    async (_request, reply) =>
      reply
        .type(JSON_API)
        .header('cache-control', 'no-store')
        .send({ meta: { status: 'live' } }),
  );

  app.get(
    `${HEALTH_PATH}/ready`,
    {
      schema: {
        response: {
          200: {
            description: 'Ready to serve',
            content: { [JSON_API]: { schema: metaDocument(strictObject({ status: text, pending_migrations: textList })) } },
          },
          503: errorResponse,
        },
      },
      config: {
        access: { public: true },
        summary: 'Readiness: the database is reachable and its migrations are current (503 with Retry-After otherwise)',
      },
    },
    async (request, reply) => {
      reply.type(JSON_API).header('cache-control', 'no-store');
      const notReady = (reason: string, meta: Record<string, unknown> = {}) =>
        reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(
            errorDocument(503, ErrorCode.serviceUnavailable, undefined, {
              reason,
              retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS,
              ...meta,
            }),
          );
      let pending: string[];
      try {
        pending = await pendingMigrations(db);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        request.log.warn({ reason: (error as Error).message }, 'not ready: database unavailable');
        return notReady('database_unavailable');
      }
      if (pending.length > 0) return notReady('migrations_pending', { pending_migrations: pending });
      return reply.send({ meta: { status: 'ready', pending_migrations: [] } });
    },
  );
}
