import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { defaultCurrencyId } from '../../domain/currency.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { authOf } from '../auth/access.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import {
  boolean,
  documentSchema,
  integer,
  nullableText,
  resourceSchema,
  responses,
  singleDocument,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { notFound, unprocessable } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';

const noParameters = { filters: [] as const, sorts: [] as const, defaultSort: [] as const };

const userCurrencyResource = resourceSchema(
  'user-currencies',
  strictObject({
    code: text,
    label: text,
    account_count: integer,
    accounts: text,
    default: boolean,
    chosen: boolean,
  }),
);
const userCurrencyDocument = documentSchema(
  { type: 'array', items: userCurrencyResource },
  {
    meta: strictObject({ default_currency: nullableText, effective_default: nullableText }),
  },
);
const defaultCurrencyDocument = singleDocument(resourceSchema('default-currencies', strictObject({ default_currency: nullableText })));

const defaultCurrencyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['default_currency'],
  properties: {
    default_currency: {
      type: ['string', 'null'],
      pattern: '^[A-Z]{3}$',
      description: "A currency of the user's accounts; null: spec §9's default (USD, else the first)",
    },
  },
} as const;

interface UserCurrency {
  code: string;
  label: string;
  accounts: string[];
}

/**
 * The currencies of every account the user may see (spec §3 customerCurrencies of each customer,
 * merchantCurrencies of each merchant for merchant users), with the accounts that use each, by code.
 */
async function userCurrencies(db: Database, auth: AuthContext): Promise<UserCurrency[]> {
  const merchantUser = auth.user.user_type === 'merchant';
  const rows = merchantUser
    ? await db
        .selectFrom('merchant_currencies')
        .innerJoin('currencies', 'currencies.code', 'merchant_currencies.currency')
        .innerJoin('merchants', 'merchants.buid_merchant', 'merchant_currencies.buid_merchant')
        .select(['currencies.code', 'currencies.label', 'merchants.merchant_name as account'])
        .where('merchant_currencies.buid_merchant', 'in', auth.merchantIds.length ? [...auth.merchantIds] : [''])
        .orderBy('currencies.code')
        .orderBy('merchants.merchant_name')
        .execute()
    : await db
        .selectFrom('customer_currencies')
        .innerJoin('currencies', 'currencies.code', 'customer_currencies.currency')
        .innerJoin('customers', 'customers.buid_customer', 'customer_currencies.buid_customer')
        .select(['currencies.code', 'currencies.label', 'customers.customer_name as account'])
        .where('customer_currencies.buid_customer', 'in', auth.customerIds.length ? [...auth.customerIds] : [''])
        .orderBy('currencies.code')
        .orderBy('customers.customer_name')
        .execute();
  const byCode = new Map<string, UserCurrency>();
  for (const row of rows) {
    const code = row.code.trim();
    const entry = byCode.get(code) ?? { code, label: row.label, accounts: [] };
    entry.accounts.push(row.account);
    byCode.set(code, entry);
  }
  return [...byCode.values()];
}

/** The stored default while it is still one of the user's currencies (an account may have dropped it since). */
function effectiveDefault(stored: string | null, currencies: readonly UserCurrency[]): string | null {
  const offered = currencies.map((currency) => ({ id: currency.code }));
  return defaultCurrencyId(offered, stored ?? undefined) ?? null;
}

/** spec §7: the currency calls exist only when the tenant configures currency_version. */
function requireCurrencies(config: { currency_version?: number }): void {
  if (config.currency_version === undefined || config.currency_version === null) throw notFound();
}

/**
 * Currency management (issue 26, spec §2): the user's currencies and their default currency, kept
 * with the user (users.default_currency), so it holds across sessions and browsers. The portal
 * starts each customer (or merchant) in it when that account offers it, else in spec §9's default;
 * a choice made in the header for this tab still wins for the tab (engine/session/currency-choice.ts).
 */
export function userCurrencyRoutes(app: SchemaTypedApp, { db }: AppDeps): void {
  app.get(
    '/ecaas/user-currencies',
    {
      schema: {
        querystring: listQuerystring(noParameters),
        response: responses(userCurrencyDocument, "The user's currencies, the default marked"),
      },
      config: {
        access: { can: ['read', 'Currency'] },
        summary:
          "Currencies of every account the user may see, with the accounts using each and the user's default marked; 404 without currency_version",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      requireCurrencies(request.tenant.config);
      parseListQuery(request.query, noParameters);
      const [currencies, user] = await Promise.all([
        userCurrencies(db, auth),
        db.selectFrom('users').select('default_currency').where('user_id', '=', auth.user.user_id).executeTakeFirstOrThrow(),
      ]);
      const stored = user.default_currency?.trim() ?? null;
      const effective = effectiveDefault(stored, currencies);
      return reply.type(JSON_API).send({
        data: currencies.map((currency) =>
          resource('user-currencies', currency.code, {
            code: currency.code,
            label: currency.label,
            account_count: currency.accounts.length,
            accounts: currency.accounts.join(', '),
            default: currency.code === effective,
            // The user's own choice (not spec §9's rule): the screen offers to stop using it.
            chosen: currency.code === stored && stored === effective,
          }),
        ),
        meta: { default_currency: stored !== null && stored === effective ? stored : null, effective_default: effective },
      });
    },
  );

  app.patch(
    '/ecaas/user-currencies/default',
    {
      schema: { body: defaultCurrencyBody, response: responses(defaultCurrencyDocument, 'The default currency kept') },
      config: {
        access: { can: ['update', 'Session'] },
        summary:
          "Sets the user's default currency (one of their accounts' currencies, else 422 errors.currencies.notOffered); null goes back to spec §9's default",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      requireCurrencies(request.tenant.config);
      const chosen = request.body.default_currency;
      if (chosen !== null && !(await userCurrencies(db, auth)).some((currency) => currency.code === chosen)) {
        throw unprocessable(ErrorCode.currencyNotOffered, { pointer: '/default_currency' }, { currency: chosen });
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ default_currency: chosen })
          .where('user_id', '=', auth.user.user_id)
          .where('tenant_id', '=', request.tenant.id)
          .execute();
        await audit(trx, {
          tenantId: request.tenant.id,
          userId: auth.user.user_id,
          action: 'default_currency_set',
          entity: 'user',
          entityId: String(auth.user.user_id),
          detail: { default_currency: chosen },
        });
      });
      return reply.type(JSON_API).send({ data: resource('default-currencies', String(auth.user.user_id), { default_currency: chosen }) });
    },
  );
}
