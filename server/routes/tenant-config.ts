import type { FastifyInstance } from 'fastify';
import { LOCALE_INFO } from '../../domain/locales.ts';
import { systemType } from '../../domain/tenant.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';

export function tenantConfigRoutes(app: FastifyInstance, { tenants }: AppDeps): void {
  app.get<{ Params: { hostname: string } }>('/feature-flags/:hostname', {
    schema: { params: { type: 'object', required: ['hostname'], properties: { hostname: { type: 'string', pattern: '^[a-z0-9.-]+\\.json$', maxLength: 120 } } } },
    config: { access: { public: true }, summary: 'Feature flags of the tenant of {hostname}.json, flattened' },
  }, async (request, reply) => {
    const tenant = tenants.forHost(request.params.hostname.replace(/\.json$/, ''));
    if (!tenant) throw notFound();
    return reply.type(JSON_API).send({ data: resource('feature-flags', tenant.id, tenant.flags) });
  });

  app.get('/config', { config: { access: { public: true }, summary: 'Configuration of the tenant of this host' } }, async (request, reply) => {
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
  });

  app.get('/config-secure', { config: { access: { signedIn: true }, summary: 'Configuration for signed-in users, when loadSecure is set' } }, async (request, reply) => {
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
  });

  app.get('/ecaas/locales', { config: { access: { public: true }, summary: 'Languages this tenant offers' } }, async (request, reply) => {
    const { tenant } = request;
    return reply.type(JSON_API).send({
      data: tenant.languages.map((code) => resource('locales', code, {
        code, label: LOCALE_INFO[code].label, locale_ISO: LOCALE_INFO[code].iso, default: code === tenant.defaultLanguage,
      })),
    });
  });
}
