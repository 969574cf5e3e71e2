import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, type ApiClient } from './api.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const HTML = { accept: 'text/html' };

/** A Location header as a path on the client's own origin (the provider answers with absolute URLs). */
export const pathOf = (location: unknown) => {
  const url = new URL(String(location), 'http://localhost');
  return `${url.pathname}${url.search}`;
};

/** The portal's start: where it sends the browser (the local provider's authorization endpoint) and the pending sign-in cookie. */
export async function ssoStart(client: ApiClient, username: string): Promise<{ redirect: string; pending: string | undefined }> {
  const start = await client.post('/auth/sso/start', { username });
  if (start.statusCode !== 200) throw new Error(`SSO start answered ${start.statusCode}: ${start.body}`);
  const pending = (start.cookies as Array<{ name: string; value: string }>).find((cookie) => cookie.name === 'portal_sso_state')?.value;
  return { redirect: (start.json() as { meta: { redirect: string } }).meta.redirect, pending };
}

/** The provider's sign-in page for a start's redirect: the page and its form's action. */
export async function providerPage(client: ApiClient, authorization: string) {
  const authorize = await client.get(authorization, HTML);
  if (authorize.statusCode !== 303) throw new Error(`authorization answered ${authorize.statusCode}: ${authorize.body.slice(0, 300)}`);
  const page = await client.get(pathOf(authorize.headers.location), HTML);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  return { page, action };
}

/**
 * The browser's part of a sign-in at the local provider: start, its page, the password, back
 * through the authorization endpoint. Returns the provider's answer to the password and, when
 * it let the user through, the callback URL it sends the browser to (not yet followed).
 */
export async function signInAtProvider(
  client: ApiClient,
  username: string,
  password = DEMO_PASSWORD,
): Promise<{ signIn: LightMyRequestResponse; callback?: string; pending?: string }> {
  const { redirect, pending } = await ssoStart(client, username);
  const { action } = await providerPage(client, redirect);
  if (!action) throw new Error('no sign-in form at the provider');
  // A plain HTML form: the browser sends no X-CSRF-Token with it.
  const csrfToken = client.csrfToken;
  client.csrfToken = undefined;
  const signIn = await client
    .request('POST', action, new URLSearchParams({ username, password }).toString(), { ...FORM, ...HTML })
    .finally(() => {
      client.csrfToken = csrfToken;
    });
  if (signIn.statusCode !== 303) return { signIn, ...(pending ? { pending } : {}) };
  const resumed = await client.get(pathOf(signIn.headers.location), HTML);
  if (resumed.statusCode !== 303) throw new Error(`resume answered ${resumed.statusCode}: ${resumed.body.slice(0, 300)}`);
  return { signIn, callback: pathOf(resumed.headers.location), ...(pending ? { pending } : {}) };
}

/** Who the client's session belongs to, if anyone. */
export async function signedInAs(client: ApiClient): Promise<string | undefined> {
  const self = (await client.get('/self')).json() as { data: { attributes: { session_data: { logged_in: boolean }; username?: string } } };
  return self.data.attributes.session_data.logged_in ? self.data.attributes.username : undefined;
}
