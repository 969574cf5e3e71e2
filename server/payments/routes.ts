import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { MAX_INVOICES_PER_PAYMENT } from '../../domain/payments.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { idDigits, responses, singleDocument } from '../http/api-schema.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { IDEMPOTENCY_KEY } from './idempotency.ts';
import { paymentOptions, paymentOptionsResourceSchema } from './options.ts';
import { sandboxProviderRoutes } from './providers/sandbox-routes.ts';
import { paymentResource, paymentResourceSchema } from './serialize.ts';
import { createPayment } from './service.ts';

const ids = (maxItems: number) =>
  ({ type: 'array', minItems: 1, maxItems, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } }) as const;

/** The contract of POST /payments: exactly one of invoices (trx ids) or customers. */
const paymentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['mode', 'method', 'terms_accepted'],
  properties: {
    mode: { enum: ['INDIVIDUAL_ACCOUNT', 'PROGRAM_OVERVIEW'] },
    method: { enum: ['bank', 'card'] },
    invoices: ids(MAX_INVOICES_PER_PAYMENT),
    customers: ids(100),
    bank_account_id: { type: 'string', minLength: 1, maxLength: 20 },
    card_token: { type: 'string', minLength: 1, maxLength: 200 },
    terms_accepted: { type: 'boolean' },
  },
  oneOf: [{ required: ['invoices'] }, { required: ['customers'] }],
} as const;

const optionsQuery = { filters: ['buid_customer'] as const, sorts: [] as const, defaultSort: [] as const };

/**
 * Payments (issue 5, spec §5 and §8): the options the payment flow offers, taking a payment,
 * and reading one back; the sandbox card provider's field and token endpoint beside them.
 */
export function paymentRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db, clock } = deps;

  app.get(
    '/payment-options',
    {
      schema: {
        querystring: listQuerystring(optionsQuery),
        response: responses(singleDocument(paymentOptionsResourceSchema), 'What the payment flow offers'),
      },
      config: {
        access: { can: ['create', 'Payment'] },
        summary:
          'Methods, limits, remittance, payable customers, online-payment bank accounts and card provider for filter[buid_customer] (comma list)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { filters } = parseListQuery(request.query, optionsQuery);
      const named = parseIdList(filters.buid_customer, 'filter[buid_customer]');
      const selected =
        auth.session.customer_id && auth.customerIds.includes(auth.session.customer_id) ? [auth.session.customer_id] : undefined;
      const customers = named ?? selected ?? auth.customerIds;
      if (customers.some((customer) => !auth.customerIds.includes(customer))) throw notFound();
      return reply
        .type(JSON_API)
        .send({ data: resource('payment-options', 'current', await paymentOptions(db, request.tenant, customers)) });
    },
  );

  app.post(
    '/payments',
    {
      schema: { body: paymentBody, response: responses(singleDocument(paymentResourceSchema), 'The payment', 201) },
      config: {
        access: { can: ['create', 'Payment'] },
        summary: 'Pay invoices (or every payable invoice of customers) by bank or card; header Idempotency-Key (8-100 characters) required',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw badRequest(ErrorCode.invalidRequest, { header: 'idempotency-key' });
      // A rule finer than the route's access, since it depends on the body: paying every payable
      // invoice of the program overview also needs that screen's permission.
      if (request.body.mode === 'PROGRAM_OVERVIEW' && !auth.ability.can('read', 'ProgramOverview')) throw forbidden();
      const selected = auth.session.customer_id && auth.customerIds.includes(auth.session.customer_id) ? auth.session.customer_id : null;
      const { id, replayed } = await createPayment(
        { db, clock },
        {
          tenant: request.tenant,
          userId: auth.user.user_id,
          scope: auth.customerIds,
          selectedCustomer: selected,
          idempotencyKey: key,
          body: request.body,
          source: 'portal',
        },
      );
      const payment = await paymentResource(db, request.tenant.id, id, auth.customerIds);
      if (!payment) throw new ApiError(404, ErrorCode.notFound);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).type(JSON_API).send({ data: payment });
    },
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idDigits } },
        response: responses(singleDocument(paymentResourceSchema), 'One payment'),
      },
      config: { access: { can: ['read', 'Payment'] }, summary: "One payment of the user's customers" },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const payment = await paymentResource(db, request.tenant.id, Number(request.params.id), auth.customerIds);
      if (!payment) throw notFound();
      return reply.type(JSON_API).send({ data: payment });
    },
  );

  sandboxProviderRoutes(app, deps);
}
