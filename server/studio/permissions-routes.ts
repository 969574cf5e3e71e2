import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { type ScreenGuardOf, effectivePermissions } from '../../domain/effective-permissions.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { withPermissionOverrides } from '../../domain/policy-overrides.ts';
import { guardWithOverride, type UserType } from '../../domain/route-guards.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { customerScopeSql } from '../groups/scope.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { describeVerdict, nameText } from './describe.ts';
import { tenantOfDraft } from './draft-tenant.ts';
import { operatorOf } from './plugin.ts';
import { draftById } from './queries.ts';
import { shippedScreens } from './shipped-screens.ts';
import { HIDDEN, languageOf, requireGrant, type StudioDeps, send, studioPath, studioReads, tenantParams } from './route-kit.ts';

/** Every shipped screen's id, title and guard, as the effective permissions judge them. */
function shippedGuards(): ScreenGuardOf[] {
  return [...shippedScreens().values()].map(({ id, title, guard }) => ({ id, ...(title ? { title } : {}), guard: guard ?? {} }));
}

/** A picker, not a user directory: tenants with more users are searched by name in the portal's own user admin. */
const MAX_LISTED_USERS = 500;

const permissionsQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['user'],
  properties: {
    user: { type: 'string', minLength: 1, maxLength: 100 },
    draft: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
    lang: { type: 'string', pattern: '^[a-z]{2}$' },
  },
} as const;

/** The effective-permissions view (issue 24): what a user of the tenant may do, as published or under a draft, and why not. */
export function permissionsRoutes(app: SchemaTypedApp, { db, policy }: StudioDeps): void {
  const { publishedOf } = studioReads(db);

  /** The tenant document to judge by: the draft's (when given, of this tenant, still a valid tenant) or the published one. */
  async function documentOf(tenantId: string, draftId: string | undefined): Promise<{ tenant: Tenant; revision: number | null }> {
    if (!draftId) {
      const latest = await publishedOf(tenantId);
      return { tenant: latest.document, revision: latest.revision };
    }
    const draft = await draftById(db, Number(draftId));
    if (!draft || draft.tenant_id !== tenantId) throw notFound();
    return { tenant: tenantOfDraft(draft), revision: null };
  }

  app.get(
    studioPath('/tenants/:tenantId/users'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: "The tenant's portal users to pick for the effective permissions and a preview" },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      requireGrant(operatorOf(request), tenantId);
      const users = await db
        .selectFrom('users')
        .select(['username', 'user_type', 'role'])
        .where('tenant_id', '=', tenantId)
        .orderBy('username')
        .limit(MAX_LISTED_USERS)
        .execute();
      return send(reply, {
        data: users.map((user) => ({ type: 'tenant-user', id: user.username, attributes: user })),
      });
    },
  );

  app.get(
    studioPath('/tenants/:tenantId/effective-permissions'),
    {
      schema: { ...HIDDEN, params: tenantParams, querystring: permissionsQuery },
      config: {
        access: { operator: 'read' },
        summary: "What a user may do on each screen and API rule set, and why not (published or a draft's)",
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      requireGrant(operatorOf(request), tenantId);
      const { tenant, revision } = await documentOf(tenantId, request.query.draft);
      const user = await db
        .selectFrom('users')
        .select((eb) => [
          'username',
          'user_type',
          'role',
          customerScopeSql('users').as('customer_ids'),
          eb
            .selectFrom('user_merchants')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('user_merchants.user_id', '=', 'users.user_id')
            .as('merchants'),
        ])
        .where('tenant_id', '=', tenantId)
        .where('username', '=', request.query.user.trim())
        .executeTakeFirst();
      if (!user) throw new ApiError(404, ErrorCode.studioUserNotFound, { parameter: 'user' });
      const overrides = tenant.overrides?.screens ?? {};
      const screens = shippedGuards().map((screen) => ({ ...screen, guard: guardWithOverride(screen.guard, overrides[screen.id]) }));
      const verdicts = effectivePermissions(
        withPermissionOverrides(policy, tenant.overrides?.permissions),
        tenant.flags,
        {
          userType: user.user_type as UserType,
          role: user.role,
          hasCustomer: user.customer_ids.length > 0,
          hasMerchant: Number(user.merchants) > 0,
        },
        screens,
      );
      const language = languageOf(request);
      return send(reply, {
        data: {
          type: 'effective-permissions',
          id: `${tenantId}:${user.username}`,
          attributes: {
            user: { username: user.username, user_type: user.user_type, role: user.role },
            draft_id: request.query.draft ? Number(request.query.draft) : null,
            revision,
            screens: verdicts.screens.map((verdict) => ({
              ...verdict,
              // Where the portal shows it, for the studio's preview (`:name` parts need a record).
              path: shippedScreens().get(verdict.screen)?.path ?? null,
              name: nameText(language, verdict.title, verdict.screen),
              why: describeVerdict(language, verdict),
            })),
            rule_sets: verdicts.ruleSets.map((verdict) => ({
              ...verdict,
              name: nameText(language, `studio.ruleSets.${verdict.ruleSet}`, verdict.ruleSet),
              why: describeVerdict(language, verdict),
            })),
          },
        },
      });
    },
  );
}
