import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Policy } from '../../domain/policy.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { Clock } from '../clock.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database } from '../db/database.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { textLanguage } from '../i18n/locale-text.ts';
import { publishedRevisions } from '../tenants/revisions.ts';
import type { DraftProblem } from './check.ts';
import { operatorOf, STUDIO_API_PATH } from './plugin.ts';
import { draftById, type DraftRow, latestRevision } from './queries.ts';
import type { OperatorSession } from './sessions.ts';
import type { FromSchema } from 'json-schema-to-ts';

/** What every group of the studio's routes is given (server/app.ts). */
export interface StudioDeps {
  db: Database;
  clock: Clock;
  policy: Policy;
  feed: ChangeFeed;
}

// The studio is not part of the program API the portal is generated from: its operations stay out of /openapi.json.
export const HIDDEN = { hide: true } as const;
export const tenantParams = {
  type: 'object',
  required: ['tenantId'],
  properties: { tenantId: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } },
} as const;
export const draftParams = {
  type: 'object',
  required: ['draftId'],
  properties: { draftId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
} as const;
export const revisionParams = {
  type: 'object',
  required: ['tenantId', 'revision'],
  properties: { tenantId: tenantParams.properties.tenantId, revision: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
} as const;
export const langQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { lang: { type: 'string', pattern: '^[a-z]{2}$' } },
} as const;
export const noteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: { note: { type: 'string', minLength: 1, maxLength: 500 } },
} as const;

/** A request of a route whose params are draftParams: what grantedDraft reads. */
export type DraftRequest = FastifyRequest & { params: FromSchema<typeof draftParams> };

export const studioPath = (suffix: string) => `${STUDIO_API_PATH}${suffix}`;

/** The operator's language for texts of the studio: ?lang=, else the browser's first, else English. */
export function languageOf(request: FastifyRequest): string {
  // Any studio route's request: where the route validates langQuery, lang is that text; elsewhere Fastify's parsed query, or nothing.
  const query = request.query as { lang?: string } | undefined;
  return textLanguage(query?.lang ?? request.headers['accept-language']?.split(',')[0]);
}

export function send(reply: FastifyReply, body: unknown, status = 200) {
  return reply.status(status).type(JSON_API).send(body);
}

export function requireGrant(operator: OperatorSession, tenantId: string): void {
  if (!operator.tenantIds.includes(tenantId)) throw new ApiError(403, ErrorCode.studioTenantNotGranted);
}

export function refused(problems: readonly DraftProblem[]): ApiError {
  return new ApiError(422, ErrorCode.studioDraftRefused, undefined, { problems });
}

/** The reads the studio's routes share, bound to the database. */
export function studioReads(db: Database) {
  return {
    /** The other tenants as published, for the host check of a draft. */
    async publishedTenants(): Promise<Tenant[]> {
      return (await publishedRevisions(db)).map((revision) => revision.document as Tenant);
    },
    async grantedDraft(request: DraftRequest): Promise<DraftRow> {
      const draft = await draftById(db, Number(request.params.draftId));
      if (!draft) throw notFound();
      requireGrant(operatorOf(request), draft.tenant_id);
      return draft;
    },
    async publishedOf(tenantId: string) {
      const latest = await latestRevision(db, tenantId);
      if (!latest) throw notFound();
      return latest;
    },
  };
}
