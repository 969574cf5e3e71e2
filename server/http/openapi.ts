import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { PUBLIC } from '../auth/access.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { defaultErrorResponse, ERROR_DOCUMENT_ID, errorDocumentSchema } from './api-schema.ts';
import { JSON_API } from './jsonapi.ts';

/** `get /invoices/:trx_id` → `getInvoicesTrxId`: stable, unique per method and path. */
export function operationId(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/**
 * Fills in what every operation has in common, from the route itself: the summary its config
 * carries, an operationId, the media types (JSON:API out; JSON or JSON:API in) and the JSON:API
 * error document for 4xx when the route documents no response of its own, and the session
 * cookie as its security unless the route is public.
 */
function completeOperation(schema: FastifySchema | undefined, url: string, route: RouteOptions): FastifySchema {
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const config = route.config;
  const isPublic = config?.access !== undefined && 'public' in config.access;
  const isService = config?.access !== undefined && 'service' in config.access;
  const base = (schema ?? {}) as FastifySchema & Record<string, unknown>;
  return {
    ...base,
    operationId: operationId(method, url),
    ...(config?.summary && !base.summary ? { summary: config.summary } : {}),
    security: isPublic ? [] : isService ? [{ operatorKey: [] }] : [{ session: [] }],
    consumes: ['application/json', JSON_API],
    produces: [JSON_API],
    response: base.response ?? { '4xx': defaultErrorResponse },
  };
}

/**
 * The OpenAPI 3.1 document of the API, produced by @fastify/swagger from the JSON Schemas the
 * routes validate with (params, querystring, body) and document their responses with.
 * Static files (@fastify/static hides its routes) and routes with `schema.hide` (HTML pages of
 * the sandboxes) are not part of it.
 *
 * Responses are serialised with JSON.stringify, not compiled from the response schemas:
 * fast-json-stringify drops properties a schema does not list, so a serialiser that gained an
 * attribute before its schema would lose it silently. The schemas are checked against real
 * responses by tests/api/openapi-responses.test.ts instead.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addSchema({ $id: ERROR_DOCUMENT_ID, ...errorDocumentSchema });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trade-credit program API',
        version: '1.0.0',
        description:
          'The reference program API of the customer portal (spec §7): JSON:API documents, errors whose code is an i18n key (spec §8). Signed-in calls carry the session cookie; writes also the x-csrf-token header.',
        license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'The host of the tenant (tenants are resolved by host name)' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The HttpOnly session cookie set by POST /auth/login',
          },
          operatorKey: {
            type: 'http',
            scheme: 'bearer',
            description: "The program operator's key (OPERATOR_API_KEYS), for the operator routes only",
          },
        },
      },
    },
    // Shared schemas keep their $id as their component name (#/components/schemas/ErrorDocument).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => ({ schema: completeOperation(schema, url, route), url }),
  });

  app.get('/openapi.json', { schema: { hide: true }, config: { access: PUBLIC } }, async (request, reply) => {
    const document = app.swagger();
    return reply.type('application/json').send({ ...document, info: { ...document.info, title: `${request.tenant.title} program API` } });
  });
}
