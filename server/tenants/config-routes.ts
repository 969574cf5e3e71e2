import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { LOCALE_INFO } from '../../common/locales.ts';
import { systemType } from '../../domain/tenant.ts';
import type { AppDeps } from '../deps.ts';
import {
  boolean,
  integer,
  listDocument,
  nullableInteger,
  nullableText,
  resourceSchema,
  responses,
  singleDocument,
  strictObject,
  text,
  textList,
} from '../http/api-schema.ts';
import { notFound } from '../http/errors.ts';
import { isPreview } from '../auth/sessions.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';

const object = { type: 'object' } as const;
const flagsDocument = singleDocument(resourceSchema('feature-flags', { type: 'object', additionalProperties: boolean }));
const configDocument = singleDocument(
  resourceSchema(
    'config',
    strictObject({
      title: text,
      theme: object,
      prefixes: object,
      languages: textList,
      defaultLanguage: text,
      componentOverride: object,
      ecaasPrefix: text,
      logging: object,
      api_version: text,
      system_type: text,
      invoice_details_version: integer,
      bank_account_module_version: integer,
      currency_version: nullableInteger,
      loadSecure: boolean,
      supportPhone: nullableText,
      supportEmail: nullableText,
      limits: strictObject({
        cardFeeMinor: integer,
        minCardPaymentMinor: integer,
        maxInvoicesPerCardPayment: integer,
        cardCurrencies: textList,
        maxNameLength: integer,
        password: object,
        files: object,
        cardSecureAccessMinutes: integer,
        loyalty: object,
      }),
      overrides: object,
    }),
  ),
);
const secureDocument = singleDocument(
  resourceSchema(
    'config-secure',
    strictObject({
      emsClientId: nullableText,
      paymentProvider: strictObject({ name: text, publicKey: nullableText }),
      loginAttemptsBeforeLock: integer,
      session: strictObject({ idleMinutes: integer, absoluteMinutes: integer }),
    }),
  ),
);
const localesDocument = listDocument(
  resourceSchema('locales', strictObject({ code: text, label: text, locale_ISO: text, default: boolean })),
);

export function tenantConfigRoutes(app: SchemaTypedApp, { tenants }: AppDeps): void {
  app.get(
    '/feature-flags/:hostname',
    {
      schema: {
        params: {
          type: 'object',
          required: ['hostname'],
          properties: { hostname: { type: 'string', pattern: '^[a-z0-9.-]+\\.json$', maxLength: 120 } },
        },
        response: responses(flagsDocument, 'The flags, by name'),
      },
      config: { access: { public: true }, summary: 'Feature flags of the tenant of {hostname}.json, flattened' },
    },
    async (request, reply) => {
      // A preview (issue 24) is served its own tenant on the studio's host, the draft's flags included.
      const tenant =
        request.auth && isPreview(request.auth.session) ? request.tenant : tenants.forHost(request.params.hostname.replace(/\.json$/, ''));
      if (!tenant) throw notFound();
      return reply.type(JSON_API).send({ data: resource('feature-flags', tenant.id, tenant.flags) });
    },
  );

  app.get(
    '/config',
    {
      schema: { response: responses(configDocument, "The tenant's configuration") },
      config: { access: { public: true }, summary: 'Configuration of the tenant of this host' },
    },
    async (request, reply) => {
      const { tenant } = request;
      const { config, limits } = tenant;
      return reply.type(JSON_API).send({
        data: resource('config', tenant.id, {
          title: tenant.title,
          theme: tenant.theme,
          prefixes: tenant.prefixes,
          languages: tenant.languages,
          defaultLanguage: tenant.defaultLanguage,
          componentOverride: config.componentOverride ?? {},
          ecaasPrefix: config.ecaasPrefix ?? '',
          logging: config.logging,
          api_version: config.api_version,
          system_type: systemType(config),
          invoice_details_version: config.invoice_details_version,
          bank_account_module_version: config.bank_account_module_version,
          currency_version: config.currency_version ?? null,
          loadSecure: config.loadSecure,
          supportPhone: config.supportPhone ?? null,
          supportEmail: config.supportEmail ?? null,
          // Limits the browser needs for instant feedback; the server enforces the same values.
          limits: {
            cardFeeMinor: limits.cardFeeMinor,
            minCardPaymentMinor: limits.minCardPaymentMinor,
            maxInvoicesPerCardPayment: limits.maxInvoicesPerCardPayment,
            cardCurrencies: limits.cardCurrencies,
            maxNameLength: limits.maxNameLength,
            password: limits.password,
            files: limits.files,
            cardSecureAccessMinutes: limits.cardSecureAccessMinutes,
            loyalty: limits.loyalty,
          },
          overrides: tenant.overrides ?? {},
        }),
      });
    },
  );

  app.get(
    '/config-secure',
    {
      schema: { response: responses(secureDocument, 'The signed-in configuration') },
      config: { access: { signedIn: true }, summary: 'Configuration for signed-in users, when loadSecure is set' },
    },
    async (request, reply) => {
      const { tenant } = request;
      if (!tenant.config.loadSecure) throw notFound();
      return reply.type(JSON_API).send({
        data: resource('config-secure', tenant.id, {
          emsClientId: tenant.config.emsClientId ?? null,
          paymentProvider: { name: tenant.paymentProvider.name, publicKey: tenant.paymentProvider.publicKey ?? null },
          loginAttemptsBeforeLock: tenant.limits.loginAttemptsBeforeLock,
          session: tenant.limits.session,
        }),
      });
    },
  );

  app.get(
    '/ecaas/locales',
    {
      schema: { response: responses(localesDocument, 'Languages') },
      config: { access: { public: true }, summary: 'Languages this tenant offers' },
    },
    async (request, reply) => {
      const { tenant } = request;
      return reply.type(JSON_API).send({
        data: tenant.languages.map((code) =>
          resource('locales', code, {
            code,
            label: LOCALE_INFO[code].label,
            locale_ISO: LOCALE_INFO[code].iso,
            default: code === tenant.defaultLanguage,
          }),
        ),
      });
    },
  );
}
