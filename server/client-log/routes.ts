import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { LOG_LEVELS } from '../../common/log-levels.ts';
import { flagOn } from '../../domain/flags.ts';
import { notFound } from '../http/errors.ts';
import { responses } from '../http/api-schema.ts';

const scalar = { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] } as const;
const details = { type: 'object', maxProperties: 20, propertyNames: { maxLength: 50 }, additionalProperties: scalar } as const;

/**
 * Issue 12 defect 8: anyone may post here, so each report is bounded three ways. The body
 * (ANONYMOUS_BODY_LIMIT of public routes, else 413), the schema (field lengths, 20 details, else
 * 400) and what reaches the log: details are cut to LOGGED_DETAIL_CHARS per value and
 * LOGGED_DETAILS_CHARS in all, so one report adds at most about 4 KB; the per-address rate limit
 * (rate-limits.ts) caps the reports.
 */
const LOGGED_DETAIL_CHARS = 200;
const LOGGED_DETAILS_CHARS = 2_000;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The details as logged: long values cut, and past the total budget the rest left out (marked). */
export function loggedDetails(extra: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!extra) return undefined;
  const logged: Record<string, unknown> = {};
  let budget = LOGGED_DETAILS_CHARS;
  for (const [key, value] of Object.entries(extra)) {
    const shown = typeof value === 'string' ? cut(value, LOGGED_DETAIL_CHARS) : value;
    const size = key.length + String(shown).length;
    if (size > budget) {
      logged.truncated = true;
      break;
    }
    budget -= size;
    logged[key] = shown;
  }
  return logged;
}

const logBody = {
  type: 'object',
  additionalProperties: false,
  required: ['level', 'message'],
  properties: {
    level: { enum: [...LOG_LEVELS] },
    message: { type: 'string', minLength: 1, maxLength: 1000 },
    url: { type: 'string', maxLength: 500 },
    details,
  },
} as const;

const analyticsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['event', 'path'],
  properties: {
    event: { enum: ['page_load'] },
    path: { type: 'string', minLength: 1, maxLength: 500 },
    properties: details,
  },
} as const;

/**
 * The portal's own logging endpoint (tenant config `logging.endpoint`, spec §1) and the
 * page-load analytics event (spec §7: only with the analytics flag on and consent given; the
 * browser keeps the consent, the server the flag). Both land in the server's log, tagged with
 * tenant and user; nothing is stored in the database.
 */
export function clientLogRoutes(app: SchemaTypedApp): void {
  app.post(
    '/log',
    {
      schema: { body: logBody, response: responses(null, 'Logged', 204) },
      config: { access: { public: true }, summary: "A message of the portal's client log, at or above the tenant's level" },
    },
    async (request, reply) => {
      const { level, message, url, details: extra } = request.body;
      const logger = request.log[level === 'debug' ? 'debug' : level].bind(request.log);
      logger(
        { source: 'portal', tenant: request.tenant.id, user: request.auth?.user.user_id ?? null, url, details: loggedDetails(extra) },
        message,
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/analytics/events',
    {
      schema: { body: analyticsBody, response: responses(null, 'Recorded', 204) },
      config: {
        access: { public: true },
        summary: 'The page-load analytics event with user properties (analytics flag on, consent given)',
      },
    },
    async (request, reply) => {
      if (!flagOn(request.tenant.flags, 'analytics_enabled')) throw notFound();
      request.log.info(
        {
          source: 'analytics',
          tenant: request.tenant.id,
          user: request.auth?.user.user_id ?? null,
          event: request.body.event,
          path: request.body.path,
          properties: loggedDetails(request.body.properties),
        },
        'analytics event',
      );
      return reply.status(204).send();
    },
  );
}
