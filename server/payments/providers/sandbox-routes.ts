import { readFileSync } from 'node:fs';
import type { SchemaTypedApp } from '../../http/typed-routes.ts';
import { ErrorCode } from '../../../domain/error-codes.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, badRequest, unprocessable } from '../../http/errors.ts';
import { localeText, textLanguage } from '../../i18n/locale-text.ts';
import { sandboxVault } from './sandbox.ts';
import { cardEntryProblem } from './sandbox-vault.ts';
import { defaultErrorResponse, strictObject, text } from '../../http/api-schema.ts';

/**
 * The sandbox provider's own pages and endpoint, served by this process as a stand-in for a
 * processor's domain: the hosted card field (an iframe the payment flow embeds) and the token
 * endpoint it posts the card to. Not part of the program API, no session needed.
 */
const FIELD_DIR = new URL('../sandbox-field/', import.meta.url);
const fieldPage = readFileSync(new URL('field.html', FIELD_DIR), 'utf8');
const fieldScript = readFileSync(new URL('field.js', FIELD_DIR), 'utf8');
const fieldStyle = readFileSync(new URL('field.css', FIELD_DIR), 'utf8');

const POINTER_OF: Partial<Record<string, string>> = {
  [ErrorCode.cardInvalid]: '/number',
  [ErrorCode.cardExpiryInvalid]: '/expiry',
  [ErrorCode.cardCvcInvalid]: '/cvc',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const fieldQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 100 }, lang: { type: 'string', maxLength: 10 } },
} as const;

const tokenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'number', 'expiry', 'cvc'],
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 100 },
    number: { type: 'string', maxLength: 30 },
    expiry: { type: 'string', maxLength: 10 },
    cvc: { type: 'string', maxLength: 8 },
  },
} as const;

export function sandboxProviderRoutes(app: SchemaTypedApp, { clock, db }: AppDeps): void {
  const vault = sandboxVault(db);
  /** The key the page or call names must be this tenant's public key. */
  const checkKey = (publicKey: string | undefined, key: string, source: { pointer?: string; parameter?: string }) => {
    if (!publicKey || key !== publicKey) throw badRequest(ErrorCode.invalidRequest, source);
  };

  app.get(
    '/card-provider/sandbox/field.html',
    {
      // HTML, script and styles of the sandbox's hosted field: not API operations (hide).
      schema: { querystring: fieldQuery, hide: true },
      config: { access: { public: true }, summary: 'Sandbox card provider: the hosted card field page (iframe), labels in ?lang' },
    },
    async (request, reply) => {
      checkKey(request.tenant.paymentProvider.publicKey, request.query.key, { parameter: 'key' });
      const language = textLanguage(request.query.lang);
      const label = (name: string) => localeText(language, `cardField.${name}`);
      const values: Record<string, string> = {
        lang: language,
        key: request.query.key,
        title: label('title'),
        number: label('number'),
        expiry: label('expiry'),
        cvc: label('cvc'),
      };
      const page = fieldPage.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? escapeHtml(values[name]!) : match));
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );

  app.get(
    '/card-provider/sandbox/field.js',
    { schema: { hide: true }, config: { access: { public: true }, summary: 'Sandbox card provider: the hosted field script' } },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(fieldScript),
  );

  app.get(
    '/card-provider/sandbox/field.css',
    { schema: { hide: true }, config: { access: { public: true }, summary: 'Sandbox card provider: the hosted field styles' } },
    async (_request, reply) => reply.type('text/css; charset=utf-8').send(fieldStyle),
  );

  app.post(
    '/card-provider/sandbox/tokens',
    {
      schema: {
        body: tokenBody,
        response: {
          201: {
            description: "The card's token",
            content: { 'application/json': { schema: strictObject({ token: text, last4: text, brand: text }) } },
          },
          '4xx': defaultErrorResponse,
        },
      },
      config: {
        access: { public: true },
        summary:
          'Sandbox card provider: tokenise a card (the provider keeps last four, brand and a digest of the token, never the number) → { token, last4, brand }',
      },
    },
    async (request, reply) => {
      const { key, ...entry } = request.body;
      checkKey(request.tenant.paymentProvider.publicKey, key, { pointer: '/key' });
      const problem = cardEntryProblem(entry, clock.now());
      if (problem) throw unprocessable(problem, { pointer: POINTER_OF[problem] ?? '/number' });
      if (request.tenant.paymentProvider.name !== 'sandbox') throw new ApiError(404, ErrorCode.notFound);
      return reply
        .status(201)
        .type('application/json')
        .send(await vault.tokenize(entry));
    },
  );
}
