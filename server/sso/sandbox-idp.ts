import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type LanguageCode } from '../../domain/tenant.ts';
import type { AppDeps } from '../deps.ts';
import { passwordMatches } from '../auth/password-check.ts';
import { normaliseName } from '../auth/sign-in-limits.ts';
import { signInFailureThrottle } from '../auth/throttle.ts';
import type { AssertionSigner } from './assertions.ts';
import { styleNonce } from '../http/security-headers.ts';

/** The identity providers the reference API can hand off to; a real one is configured per group. */
export const SANDBOX_IDP = 'demo-idp';

type IdpTexts = { title: string; intro: string; password: string; submit: string; failed: string };
const texts = new Map<LanguageCode, IdpTexts>(LANGUAGES.map((language) => {
  const auth = JSON.parse(readFileSync(`locales/${language}/auth.json`, 'utf8')) as { sso: { idp: IdpTexts } };
  return [language, auth.sso.idp];
}));

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's styles: one element with the response's CSP nonce (the CSP allows no style attributes). */
const STYLE = 'body{font-family:system-ui,sans-serif;max-width:420px;margin:10vh auto;padding:0 16px}'
  + '[role=alert]{color:#a4161a}input[type=password]{width:100%;padding:8px;margin:4px 0 12px}button{padding:8px 16px}';

function page(nonce: string, language: LanguageCode, request: string, username: string, failed: boolean): string {
  const t = texts.get(language) ?? texts.get('en')!;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escape(t.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style nonce="${nonce}">${STYLE}</style></head>
<body>
<main><h1>${escape(t.title)}</h1><p>${escape(t.intro.replace('{{username}}', username))}</p>
${failed ? `<p role="alert">${escape(t.failed)}</p>` : ''}
<form method="post" action="/sso/idp/${SANDBOX_IDP}/authorize">
<input type="hidden" name="request" value="${escape(request)}">
<label for="password">${escape(t.password)}</label><br>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${escape(t.submit)}</button></form></main></body></html>`;
}

/**
 * A built-in identity provider for the demo and tests, standing in for the tenant's real one:
 * it authenticates the user named in the portal's signed request with their password and
 * sends the browser back with a signed assertion. Production tenants point groups at their IdP.
 */
export function sandboxIdpRoutes(app: FastifyInstance, { db, clock }: AppDeps, signer: AssertionSigner): void {
  // Its password check is a sign-in too: the same per-name failure budget (issue 12).
  const failuresPerName = signInFailureThrottle(app);
  app.get<{ Querystring: { request?: string } }>(`/sso/idp/${SANDBOX_IDP}/authorize`, { schema: { hide: true }, config: { access: { public: true }, summary: 'Sandbox identity provider: sign-in page' } }, async (request, reply) => {
    const state = signer.verify(String(request.query.request ?? ''), clock.now());
    if (!state) return reply.status(400).type('text/html').send(page(styleNonce(request), request.tenant.defaultLanguage, '', '', true));
    return reply.type('text/html').send(page(styleNonce(request), request.tenant.defaultLanguage, String(request.query.request), state.username ?? '', false));
  });

  app.post<{ Body: { request?: string; password?: string } }>(`/sso/idp/${SANDBOX_IDP}/authorize`, { schema: { hide: true }, config: { access: { public: true }, summary: 'Sandbox identity provider: checks the password, returns to the portal' } }, async (request, reply) => {
    const signed = String(request.body?.request ?? '');
    const state = signer.verify(signed, clock.now());
    const language = request.tenant.defaultLanguage;
    if (!state || state.tenant !== request.tenant.id) return reply.status(400).type('text/html').send(page(styleNonce(request), language, '', '', true));
    const subject = normaliseName(state.username ?? '');
    const reservation = await failuresPerName.reserveFailure(request, reply, subject);
    let user: { username: string } | undefined;
    try {
      // It vouches only for users of groups that sign in here; for anyone else it must not tell a right password from a wrong one.
      const candidate = await db.selectFrom('users').innerJoin('user_groups', 'user_groups.id', 'users.user_group_id')
        .select(['users.username', 'users.password_hash'])
        .where('users.tenant_id', '=', request.tenant.id).where('users.username', '=', state.username ?? '')
        .where('user_groups.sso_enabled', '=', true).where('user_groups.identity_provider', '=', SANDBOX_IDP)
        .executeTakeFirst();
      if (await passwordMatches(candidate, String(request.body?.password ?? '').slice(0, 256))) user = candidate;
      else await reservation.failed();
    } finally {
      reservation.release();
    }
    if (!user) return reply.status(401).type('text/html').send(page(styleNonce(request), language, signed, state.username ?? '', true));
    const assertion = signer.sign({ tenant: request.tenant.id, username: user.username, nonce: state.nonce ?? '', idp: SANDBOX_IDP }, 120, clock.now());
    return reply.redirect(`/auth/sso/callback?assertion=${encodeURIComponent(assertion)}`, 303);
  });
}
