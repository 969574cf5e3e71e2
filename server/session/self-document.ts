import type { Database } from '../db/database.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { isoLocale } from '../../common/locales.ts';
import type { Policy } from '../../domain/policy.ts';
import type { UserType } from '../../domain/route-guards.ts';
import { abilityFor } from '../auth/plugin.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { selfMenu } from '../menus/self-menu.ts';
import { effectiveSsoSettings } from '../sso/settings.ts';
import { customerScopeSql } from '../groups/scope.ts';
import {
  boolean,
  documentSchema,
  integer,
  nullableInteger,
  nullableText,
  resourceSchema,
  strictObject,
  text,
  textList,
  type Schema,
} from '../http/api-schema.ts';

export const ANONYMOUS_SELF = {
  data: { type: 'self', id: 'anonymous', attributes: { authenticated: false, session_data: { logged_in: false } } },
};

/** The anonymous document of a request whose session ran out: the sign-in page says why (issue 26 defect 3). */
export const EXPIRED_SELF = {
  data: { type: 'self', id: 'anonymous', attributes: { authenticated: false, session_data: { logged_in: false, session_expired: true } } },
};

export { JSON_API };

const listOf = (items: Schema) => ({ type: 'array', items }) as const;
/** One side-menu entry (domain/menus.ts MenuItem): a text key, the path and the screen it opens. */
const menuItem = strictObject(
  {
    id: text,
    label: text,
    path: text,
    screen: text,
    icon: text,
    paymentMode: { type: 'string', enum: ['INDIVIDUAL_ACCOUNT', 'PROGRAM_OVERVIEW'] },
  },
  ['icon', 'paymentMode'],
);
const option = strictObject({ id: text, label: text, status: text, currency: text }, ['status', 'currency']);
/** GET /self: anonymous, only `authenticated` and `session_data`; signed in, the user too (spec §7). */
export const selfDocumentSchema = documentSchema(
  resourceSchema(
    'self',
    strictObject(
      {
        authenticated: boolean,
        session_data: strictObject(
          {
            logged_in: boolean,
            session_expired: boolean,
            language: text,
            user_type: text,
            customer_id: nullableText,
            location: nullableText,
            merchant_id: nullableText,
            preview: boolean,
          },
          ['session_expired', 'language', 'user_type', 'customer_id', 'location', 'merchant_id', 'preview'],
        ),
        first_name: text,
        last_name: text,
        full_name: text,
        email_address: text,
        username: text,
        user_id: integer,
        role: text,
        status: text,
        user_type: text,
        user_types: textList,
        language: text,
        locale_ISO: text,
        language_ISO: text,
        timeZone: text,
        customers: listOf(option),
        merchants: listOf(option),
        customerCurrencies: listOf(option),
        merchantCurrencies: listOf(option),
        isSso: boolean,
        inSsoGroup: boolean,
        userGroupId: nullableInteger,
        customerEntityRestricted: boolean,
        merchantEntityRestricted: boolean,
        menu: listOf(menuItem),
        defaultCurrency: nullableText,
      },
      [
        'first_name',
        'last_name',
        'full_name',
        'email_address',
        'username',
        'user_id',
        'role',
        'status',
        'user_type',
        'user_types',
        'language',
        'locale_ISO',
        'language_ISO',
        'timeZone',
        'customers',
        'merchants',
        'customerCurrencies',
        'merchantCurrencies',
        'isSso',
        'inSsoGroup',
        'userGroupId',
        'customerEntityRestricted',
        'merchantEntityRestricted',
        'menu',
        'defaultCurrency',
      ],
    ),
  ),
  {
    meta: strictObject({ csrf_token: text }),
    metaOptional: true,
  },
);

/** GET /self's document (spec §7): session_data, the user's attributes, scope, currencies and menu. */
export async function selfDocument(db: Database, tenant: Tenant, policy: Policy, userId: number, csrfToken: string) {
  const user = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('csrf_token', '=', csrfToken)
    .executeTakeFirst();
  const scope = await db
    .selectFrom('users')
    .select(customerScopeSql('users').as('ids'))
    .where('users.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const [customers, merchants, sso] = await Promise.all([
    // The user's row scope (their group's customers, issue 17), as every other read sees it.
    db
      .selectFrom('customers')
      .select(['customers.buid_customer as id', 'customers.customer_name as label', 'customers.status', 'customers.currency'])
      .where('customers.buid_customer', 'in', scope.ids.length ? scope.ids : [''])
      .orderBy('customers.customer_name')
      .execute(),
    db
      .selectFrom('user_merchants')
      .innerJoin('merchants', 'merchants.buid_merchant', 'user_merchants.buid_merchant')
      .select(['merchants.buid_merchant as id', 'merchants.merchant_name as label', 'merchants.status', 'merchants.currency'])
      .where('user_merchants.user_id', '=', userId)
      .orderBy('merchants.merchant_name')
      .execute(),
    // Inherited from the nearest ancestor group with settings when the user's group has none (issue 17).
    effectiveSsoSettings(db, tenant.id, user.user_group_id),
  ]);
  const currencyConfigured = tenant.config.currency_version !== undefined;
  const [customerCurrencies, merchantCurrencies] = currencyConfigured
    ? await Promise.all([
        session?.customer_id
          ? db
              .selectFrom('customer_currencies')
              .innerJoin('currencies', 'currencies.code', 'customer_currencies.currency')
              .select(['currencies.code as id', 'currencies.label'])
              .where('buid_customer', '=', session.customer_id)
              .orderBy('currencies.code')
              .execute()
          : Promise.resolve([]),
        session?.merchant_id
          ? db
              .selectFrom('merchant_currencies')
              .innerJoin('currencies', 'currencies.code', 'merchant_currencies.currency')
              .select(['currencies.code as id', 'currencies.label'])
              .where('buid_merchant', '=', session.merchant_id)
              .orderBy('currencies.code')
              .execute()
          : Promise.resolve([]),
      ])
    : [[], []];

  // A preview (issue 24) shows the portal in the language the operator chose, not the user's own.
  const chosen = session?.preview_language ?? user.language;
  const language = tenant.languages.includes(chosen as never) ? chosen : tenant.defaultLanguage;
  return {
    data: {
      type: 'self',
      id: String(user.user_id),
      attributes: {
        authenticated: true,
        session_data: {
          logged_in: true,
          language,
          user_type: user.user_type,
          customer_id: session?.customer_id ?? null,
          location: session?.location ?? null,
          merchant_id: session?.merchant_id ?? null,
          // An operator's read-only preview (issue 24): the portal shows it in the preview's language, whatever the browser chose last.
          ...(session?.preview_operator_id ? { preview: true } : {}),
        },
        first_name: user.first_name,
        last_name: user.last_name,
        full_name: `${user.first_name} ${user.last_name}`,
        email_address: user.email_address,
        username: user.username,
        user_id: user.user_id,
        role: user.role,
        status: user.status,
        user_type: user.user_type,
        user_types: [user.user_type],
        language,
        locale_ISO: isoLocale(language),
        language_ISO: isoLocale(language),
        timeZone: user.time_zone,
        customers: customers.map(({ id, label, status, currency }) => ({ id, label, status, currency })),
        merchants: merchants.map(({ id, label, status, currency }) => ({ id, label, status, currency })),
        customerCurrencies,
        merchantCurrencies,
        isSso: sso?.enabled ?? false,
        inSsoGroup: sso?.enabled ?? false,
        userGroupId: user.user_group_id,
        customerEntityRestricted: customers.length > 0 && user.user_type !== 'corporate',
        merchantEntityRestricted: merchants.length > 0,
        // Issue 26: the currency the user starts an account in when it offers it (currency management).
        defaultCurrency: user.default_currency?.trim() ?? null,
        menu: selfMenu(tenant, {
          userType: user.user_type as UserType,
          role: user.role,
          ability: abilityFor(policy, tenant.id, tenant.flags, user.user_type, user.role, tenant.overrides?.permissions),
          customerCount: customers.length,
          merchantCount: merchants.length,
        }),
      },
    },
    meta: { csrf_token: csrfToken },
  };
}
