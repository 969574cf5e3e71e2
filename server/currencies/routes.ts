import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { bankingCountriesOffered } from '../../domain/bank-accounts.ts';
import { markDefaultCurrency } from '../../domain/currency.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer, scopedMerchant } from '../auth/guard.ts';
import { notFound } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { boolean, listDocument, resourceSchema, responses, strictObject, text } from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';

const customerCurrencyList = { filters: ['buid_customer'] as const, sorts: [] as const, defaultSort: [] as const };
const merchantCurrencyList = { filters: ['buid_merchant'] as const, sorts: [] as const, defaultSort: [] as const };
const currencyList = listDocument(resourceSchema('currencies', strictObject({ label: text, default: boolean })));
const countryList = listDocument(resourceSchema('banking-countries', strictObject({ country_code: text, country_name: text })));
const noParameters = { filters: [] as const, sorts: [] as const, defaultSort: [] as const };

const bankingCountriesParams = {
  type: 'object',
  additionalProperties: false,
  required: ['customer'],
  properties: { customer: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** spec §7: the currency calls exist only when the tenant configures currency_version. */
function currenciesConfigured(config: { currency_version?: number }): boolean {
  return config.currency_version !== undefined && config.currency_version !== null;
}

/** `{ id, label }` as the session's customerCurrencies, plus the spec §9 default mark. */
function currencyDocument(rows: Array<{ id: string; label: string }>) {
  return {
    data: markDefaultCurrency(rows).map((row) => resource('currencies', row.id, { label: row.label, default: row.default })),
  };
}

export function currencyRoutes(app: SchemaTypedApp, { db }: AppDeps): void {
  app.get(
    '/ecaas/customer-currencies',
    {
      schema: { querystring: listQuerystring(customerCurrencyList), response: responses(currencyList, 'Currencies, the default marked') },
      config: {
        access: { can: ['read', 'Currency'] },
        summary: "The selected (or filter[buid_customer]) customer's currencies with the default marked; 404 without currency_version",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!currenciesConfigured(request.tenant.config)) throw notFound();
      const list = parseListQuery(request.query, customerCurrencyList);
      const customer = scopedCustomer(auth, list.filters.buid_customer);
      const rows = await db
        .selectFrom('customer_currencies')
        .innerJoin('currencies', 'currencies.code', 'customer_currencies.currency')
        .select(['currencies.code as id', 'currencies.label'])
        .where('customer_currencies.buid_customer', '=', customer)
        .orderBy('currencies.code')
        .execute();
      return reply.type(JSON_API).send(currencyDocument(rows));
    },
  );

  app.get(
    '/ecaas/merchant-currencies',
    {
      schema: { querystring: listQuerystring(merchantCurrencyList), response: responses(currencyList, 'Currencies, the default marked') },
      config: {
        access: { can: ['read', 'Currency'] },
        summary: "The selected (or filter[buid_merchant]) merchant's currencies with the default marked; 404 without currency_version",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!currenciesConfigured(request.tenant.config)) throw notFound();
      const list = parseListQuery(request.query, merchantCurrencyList);
      const merchant = scopedMerchant(auth, list.filters.buid_merchant);
      const rows = await db
        .selectFrom('merchant_currencies')
        .innerJoin('currencies', 'currencies.code', 'merchant_currencies.currency')
        .select(['currencies.code as id', 'currencies.label'])
        .where('merchant_currencies.buid_merchant', '=', merchant)
        .orderBy('currencies.code')
        .execute();
      return reply.type(JSON_API).send(currencyDocument(rows));
    },
  );

  app.get(
    '/ecaas/customer-banking-countries/:customer',
    {
      schema: {
        params: bankingCountriesParams,
        querystring: listQuerystring(noParameters),
        response: responses(countryList, 'Bank countries'),
      },
      config: {
        access: { can: ['read', 'BankingCountry'], roles: ['admin', 'payer'] },
        summary: 'Bank countries of a customer (system type G, bank account module version > 1, admin or payer)',
      },
    },
    async (request, reply) => {
      // spec §6: "the role is admin (or payer, per a second reading)". The policy grants
      // BankingCountry through the account rule set to view only as well, so the route's access
      // narrows it to admin or payer (roles): both may add a bank account in the payment flow.
      const auth = authOf(request);
      if (!bankingCountriesOffered(request.tenant.config)) throw notFound();
      parseListQuery(request.query, noParameters);
      const customer = request.params.customer;
      if (!auth.customerIds.includes(customer)) throw notFound();
      const rows = await db
        .selectFrom('customer_banking_countries')
        .select(['country_code', 'country_name'])
        .where('buid_customer', '=', customer)
        .orderBy('country_name')
        .orderBy('country_code')
        .execute();
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('banking-countries', row.country_code, {
            country_code: row.country_code,
            country_name: row.country_name,
          }),
        ),
      });
    },
  );
}
