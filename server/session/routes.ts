import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { authOf } from '../auth/access.ts';
import { responses } from '../http/api-schema.ts';
import { ANONYMOUS_SELF, EXPIRED_SELF, JSON_API, selfDocument, selfDocumentSchema } from './self-document.ts';
import { forgetSessions } from '../auth/session-revocation.ts';

const sessionDataBody = {
  type: 'object',
  additionalProperties: false,
  required: ['sessionKeys'],
  properties: {
    sessionKeys: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'value'],
        properties: {
          key: { enum: ['customer_id', 'location', 'merchant_id'] },
          value: { type: ['string', 'null'], maxLength: 64 },
        },
      },
    },
  },
} as const;

export function sessionRoutes(app: SchemaTypedApp, { db, policy }: AppDeps): void {
  app.get(
    '/self',
    {
      schema: { response: responses(selfDocumentSchema, 'The user, or authenticated false') },
      config: { access: { public: true }, summary: 'The signed-in user and session_data; logged_in false without a session' },
    },
    async (request, reply) => {
      reply.type(JSON_API);
      if (!request.auth) return request.sessionExpired ? EXPIRED_SELF : ANONYMOUS_SELF;
      return selfDocument(db, request.tenant, policy, request.auth.user.user_id, request.auth.session.csrf_token);
    },
  );

  app.post(
    '/session_data',
    {
      schema: { body: sessionDataBody, response: responses(selfDocumentSchema, 'The user with the new session_data') },
      config: {
        access: { can: ['update', 'Session'] },
        summary: 'Set the active customer, location and merchant (only ones the user may see)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const values = new Map(request.body.sessionKeys.map(({ key, value }) => [key, value]));
      if (values.size !== request.body.sessionKeys.length) throw new ApiError(400, ErrorCode.invalidRequest, { pointer: '/sessionKeys' });

      const customerId = values.has('customer_id') ? (values.get('customer_id') ?? null) : auth.session.customer_id;
      let location = values.has('location') ? (values.get('location') ?? null) : auth.session.location;
      // A new customer without a location clears the old customer's location.
      if (values.has('customer_id') && !values.has('location') && customerId !== auth.session.customer_id) location = null;
      const merchantId = values.has('merchant_id') ? (values.get('merchant_id') ?? null) : auth.session.merchant_id;

      if (customerId !== null && !auth.customerIds.includes(customerId)) {
        throw new ApiError(
          422,
          values.has('location') ? ErrorCode.unableToSetActiveCustomerAndLocation : ErrorCode.unableToSetActiveCustomer,
        );
      }
      if (location !== null) {
        const owner = await db.selectFrom('locations').select('buid_customer').where('buid_location', '=', location).executeTakeFirst();
        if (!owner || customerId === null || owner.buid_customer !== customerId) {
          throw new ApiError(422, ErrorCode.unableToSetActiveCustomerAndLocation);
        }
      }
      if (merchantId !== null && !auth.merchantIds.includes(merchantId)) {
        throw new ApiError(422, ErrorCode.unableToSetActiveMerchant);
      }

      await db
        .updateTable('sessions')
        .set({ customer_id: customerId, location, merchant_id: merchantId })
        .where('id_hash', '=', auth.sessionIdHash)
        .execute();
      await forgetSessions({ session: auth.sessionIdHash });
      return reply.type(JSON_API).send(await selfDocument(db, request.tenant, policy, auth.user.user_id, auth.session.csrf_token));
    },
  );
}
