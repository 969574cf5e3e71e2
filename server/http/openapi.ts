import type { FastifyInstance, RouteOptions } from 'fastify';

interface OperationEntry { method: string; url: string; schema: RouteOptions['schema']; summary?: string }

/**
 * Collects every route's JSON Schemas as it is registered and serves them as an
 * OpenAPI 3.1 document, so the contract cannot drift from the validation that runs.
 */
export function registerOpenApi(app: FastifyInstance): void {
  const operations: OperationEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url === '/openapi.json' || route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const summary = (route.config as { summary?: string } | undefined)?.summary;
      operations.push({ method: method.toLowerCase(), url: route.url, schema: route.schema, ...(summary ? { summary } : {}) });
    }
  });

  app.get('/openapi.json', { config: { access: { public: true } } }, async (request, reply) => {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const { method, url, schema, summary } of operations) {
      const path = url.replace(/:([A-Za-z_]+)/g, '{$1}');
      const s = (schema ?? {}) as { querystring?: { properties?: Record<string, unknown> }; params?: { properties?: Record<string, unknown> }; body?: unknown };
      const parameters = [
        ...Object.entries(s.params?.properties ?? {}).map(([name, schemaOf]) => ({ name, in: 'path', required: true, schema: schemaOf })),
        ...Object.entries(s.querystring?.properties ?? {}).map(([name, schemaOf]) => ({ name, in: 'query', schema: schemaOf })),
      ];
      (paths[path] ??= {})[method] = {
        ...(summary ? { summary } : {}),
        parameters,
        ...(s.body ? { requestBody: { content: { 'application/json': { schema: s.body }, 'application/vnd.api+json': { schema: s.body } } } } : {}),
        responses: {
          '200': { description: 'JSON:API document', content: { 'application/vnd.api+json': {} } },
          '4XX': { description: 'JSON:API errors whose code is an i18n key of the error catalogue', content: { 'application/vnd.api+json': {} } },
        },
      };
    }
    return reply.type('application/json').send({
      openapi: '3.1.0',
      info: { title: `${request.tenant.title} program API`, version: '1.0.0' },
      paths,
    });
  });
}
