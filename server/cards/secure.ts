import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { secureAccessOpen, secureAccessUntil } from '../../domain/cards.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer } from '../auth/guard.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import type { Database } from '../db/database.ts';
import { cardAttributesSchema, cardResource } from './card-resource.ts';
import { openPan } from './pan-vault.ts';
import { forgetSessions } from '../auth/session-revocation.ts';
import {
  idDigits,
  idInteger,
  instant,
  metaDocument,
  resourceSchema,
  responses,
  singleDocument,
  strictObject,
  text,
} from '../http/api-schema.ts';

const secureAccessBody = {
  type: 'object',
  additionalProperties: false,
  required: ['password'],
  properties: { password: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;

const viewSecureBody = {
  type: 'object',
  additionalProperties: false,
  required: ['buid_customer', 'card_id'],
  properties: {
    buid_customer: { type: 'string', minLength: 1, maxLength: 64 },
    // A number or its digits, as clients send either.
    card_id: { anyOf: [idDigits, idInteger] },
  },
} as const;

/**
 * Wrong passwords at the re-entry since the user's last success, within the cooling-off window:
 * counted per user from the audit trail, so a new session does not start the count again.
 */
async function recentReauthFailures(db: Database, userId: number, now: Date, lockMinutes: number): Promise<number> {
  const since = new Date(now.getTime() - lockMinutes * 60_000);
  const lastSuccess = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('user_id', '=', userId)
    .where('action', '=', 'secure_access')
    .where('at', '>', since)
    .executeTakeFirst();
  const { failures } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('failures'))
    .where('user_id', '=', userId)
    .where('action', '=', 'secure_access_denied')
    .where('at', '>', lastSuccess?.at ? new Date(lastSuccess.at) : since)
    .executeTakeFirstOrThrow();
  return Number(failures);
}

/**
 * spec §6: "Viewing a full card number requires re-entering the password, and the access
 * expires after a number of minutes" (tenant.limits.cardSecureAccessMinutes). The window
 * lives on the server-side session row, so it ends with the session and cannot be forged.
 */
export function cardSecureRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.post(
    '/ecaas/cards/secure-access',
    {
      schema: {
        body: secureAccessBody,
        response: responses(metaDocument(strictObject({ card_secure_until: instant })), 'Card numbers may be shown until then'),
      },
      config: {
        access: { can: ['read', 'CardSecure'] },
        summary: "Re-enter the password to see full card numbers for the tenant's configured minutes",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const tenantId = request.tenant.id;
      const { loginAttemptsBeforeLock: limit, reauthLockMinutes } = request.tenant.limits;
      const now = clock.now();
      const failures = await recentReauthFailures(db, auth.user.user_id, now, reauthLockMinutes);
      const lockedFor = { minutes: reauthLockMinutes };
      if (failures >= limit) {
        // Even the right password waits: the lock is what stops guessing.
        await audit(db, { tenantId, userId: auth.user.user_id, action: 'secure_access_locked', entity: 'card', entityId: '*', at: now });
        throw new ApiError(429, ErrorCode.reauthLocked, undefined, lockedFor);
      }
      if (!(await verifyPassword(auth.user.password_hash, request.body.password))) {
        await audit(db, { tenantId, userId: auth.user.user_id, action: 'secure_access_denied', entity: 'card', entityId: '*', at: now });
        if (failures + 1 >= limit) throw new ApiError(429, ErrorCode.reauthLocked, undefined, lockedFor);
        throw new ApiError(401, ErrorCode.passwordIncorrect, { pointer: '/password' }, { attempts_left: limit - failures - 1 });
      }
      const until = secureAccessUntil(now, request.tenant.limits.cardSecureAccessMinutes);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('sessions').set({ card_secure_until: until }).where('id_hash', '=', auth.sessionIdHash).execute();
        await audit(trx, {
          tenantId,
          userId: auth.user.user_id,
          action: 'secure_access',
          entity: 'card',
          entityId: '*',
          detail: { until: until.toISOString() },
          at: now,
        });
      });
      await forgetSessions({ session: auth.sessionIdHash });
      return reply.type(JSON_API).send({ meta: { card_secure_until: until.toISOString() } });
    },
  );

  app.post(
    '/ecaas/cards/view-secure',
    {
      schema: {
        body: viewSecureBody,
        response: responses(
          singleDocument(resourceSchema('cards', strictObject({ ...cardAttributesSchema.properties, card_number: text })), {
            meta: strictObject({ card_secure_until: instant }),
          }),
          'The card with its full number',
        ),
      },
      config: {
        access: { can: ['read', 'CardSecure'] },
        summary: 'The full number of one card, only while a password re-entry is fresh; audited',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const customer = scopedCustomer(auth, request.body.buid_customer);
      const card = await db
        .selectFrom('cards')
        .selectAll()
        .where('card_id', '=', Number(request.body.card_id))
        .where('buid_customer', '=', customer)
        .executeTakeFirst();
      if (!card) throw notFound();
      const now = clock.now();
      if (!secureAccessOpen(auth.session.card_secure_until, now)) {
        // The portal asks for the password again on reauth_required, then retries.
        throw new ApiError(403, ErrorCode.forbidden, undefined, { reauth_required: true });
      }
      const account = await db.selectFrom('customers').select('status').where('buid_customer', '=', customer).executeTakeFirstOrThrow();
      await audit(db, {
        tenantId: request.tenant.id,
        userId: auth.user.user_id,
        action: 'view_secure',
        entity: 'card',
        entityId: String(card.card_id),
        detail: { buid_customer: customer },
      });
      const { attributes } = cardResource(card, { accountStatus: account.status, mayUpdate: auth.ability.can('update', 'Card') });
      // A full card number must not linger in any cache.
      reply.header('cache-control', 'no-store');
      return reply.type(JSON_API).send({
        data: { type: 'cards', id: String(card.card_id), attributes: { ...attributes, card_number: openPan(card) } },
        meta: { card_secure_until: new Date(auth.session.card_secure_until ?? now).toISOString() },
      });
    },
  );
}
