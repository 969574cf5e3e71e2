import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { LOCALE_INFO } from '../../common/locales.ts';
import { PREVIEW_SIDES } from '../../common/preview-side.ts';
import { createSession, PREVIEW_SESSION_MINUTES } from '../auth/sessions.ts';
import { setSessionCookies } from '../http/cookies.ts';
import { ApiError } from '../http/errors.ts';
import { tenantOfDraft } from './draft-tenant.ts';
import { operatorOf } from './plugin.ts';
import { writeStudioAudit } from './queries.ts';
import { draftParams, HIDDEN, type StudioDeps, send, studioPath, studioReads } from './route-kit.ts';

const previewBody = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'language'],
  properties: {
    user: { type: 'string', minLength: 1, maxLength: 100 },
    language: { enum: Object.keys(LOCALE_INFO) },
    // The side served to a request that names none; each of the studio's two frames names its own
    // (common/preview-side.ts), so one session shows the draft beside the published tenant.
    side: { enum: PREVIEW_SIDES, default: 'draft' },
  },
} as const;

/**
 * Preview (issue 24): the portal as one of the tenant's users, in a chosen language, with a draft
 * applied and as published, side by side. Answers with a portal session flagged as a preview (its
 * cookies set on the studio's own origin, which the studio frames: the CSP lets the portal be
 * framed by its own origin only); the auth hook serves each request of that session the draft's
 * configuration or the published one, as its frame's side header says, and refuses its writes.
 */
export function previewRoutes(app: SchemaTypedApp, { db, clock }: StudioDeps): void {
  const { grantedDraft } = studioReads(db);

  app.post(
    studioPath('/drafts/:draftId/preview'),
    {
      schema: { ...HIDDEN, params: draftParams, body: previewBody },
      config: {
        access: { operator: 'preview' },
        summary: 'Start a read-only preview of the portal as a user, with the draft applied or as published',
      },
    },
    async (request, reply) => {
      const { body } = request;
      const draft = await grantedDraft(request);
      const { operator } = operatorOf(request);
      if (draft.state !== 'open') throw new ApiError(409, ErrorCode.studioDraftClosed);
      // A draft the portal could not run on cannot be previewed: 422 with the tenant rules' problems.
      const tenant = tenantOfDraft(draft);
      const user = await db
        .selectFrom('users')
        .select(['user_id', 'username', 'user_type', 'role'])
        .where('tenant_id', '=', draft.tenant_id)
        .where('username', '=', body.user.trim())
        .executeTakeFirst();
      if (!user) throw new ApiError(404, ErrorCode.studioUserNotFound, { parameter: 'user' });
      const language = tenant.languages.includes(body.language as never) ? body.language : tenant.defaultLanguage;
      const appliesDraft = body.side !== 'published';
      const { token, csrfToken } = await createSession(db, clock, { id: draft.tenant_id }, user.user_id, {
        operatorId: operator.operator_id,
        draftId: draft.draft_id,
        language,
        appliesDraft,
      });
      await writeStudioAudit(db, {
        tenantId: draft.tenant_id,
        operatorId: operator.operator_id,
        operatorUsername: operator.username,
        action: 'preview_started',
        draftId: draft.draft_id,
        after: { user: user.username, language, side: appliesDraft ? 'draft' : 'published' },
      });
      setSessionCookies(request, reply, token, csrfToken);
      const expiresAt = new Date(clock.now().getTime() + PREVIEW_SESSION_MINUTES * 60_000);
      return send(
        reply,
        {
          data: {
            type: 'preview',
            id: `${draft.draft_id}:${user.username}`,
            attributes: {
              draft_id: draft.draft_id,
              user: { username: user.username, user_type: user.user_type, role: user.role },
              language,
              side: appliesDraft ? 'draft' : 'published',
              // Where the portal's paths start for this tenant (its configured prefix), for the frame's address.
              path_prefix: tenant.prefixes?.configured ?? '',
              expires_at: expiresAt.toISOString(),
            },
          },
        },
        201,
      );
    },
  );
}
