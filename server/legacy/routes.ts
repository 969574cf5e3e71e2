import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { legacyLanguage, renderLegacyPage } from './pages.ts';

const params = {
  type: 'object',
  additionalProperties: false,
  required: ['location'],
  properties: { location: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } },
} as const;

/** GET /legacy/{location}: the framed legacy pages, in the signed-in user's language (else the tenant's default). */
export function legacyRoutes(app: SchemaTypedApp): void {
  app.get(
    '/legacy/:location',
    {
      // An HTML page the portal frames, not an API operation.
      schema: { params, hide: true },
      config: {
        access: { public: true },
        summary: 'A legacy page the portal frames (text/html); unknown locations answer 404 with a translated page',
      },
    },
    async (request, reply) => {
      const language = legacyLanguage(request.auth?.user.language, request.tenant.defaultLanguage);
      const { status, html } = renderLegacyPage(request.params.location, language);
      return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );
}
