import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { Clock } from '../clock.ts';
import { LOCAL_IDP_ISSUER, clientSecretFrom } from './local-idp.ts';
import type { IdentityProviderConfig } from '../../domain/tenant.ts';

/** What openid-client hands a custom fetch (its CustomFetchOptions, loosened to what we read). */
interface FetchOptions {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}
type IdpFetch = (url: string, options: FetchOptions) => Promise<Response>;

/**
 * Tests only: sees every answer of an identity provider before the portal does, and may change it
 * (a tampered ID token). Production passes none.
 */
export type IdpResponseFilter = (url: string, response: Response) => Promise<Response>;

/** The local provider is this same server: talk to it in-process, whatever port (if any) the server listens on. */
export function isLocalIssuer(issuer: string): boolean {
  return issuer === LOCAL_IDP_ISSUER;
}

function toHeaders(headers: Record<string, string | string[] | number | undefined>): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(name, String(one));
  }
  return result;
}

/**
 * The portal as an OpenID Connect relying party (openid-client 6): the provider's metadata discovered
 * once per issuer; code flow with PKCE, state and nonce; the ID token's
 * signature checked against the provider's keys (enableNonRepudiationChecks) besides its
 * issuer, audience, expiry and nonce.
 */
export class RelyingParty {
  private readonly discovered = new Map<string, Promise<oidc.ServerMetadata>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly clock: Clock,
    private readonly filter?: IdpResponseFilter,
  ) {}

  private readonly inProcess: IdpFetch = async (url, options) => {
    const target = new URL(url);
    const body = options.body === undefined || options.body === null ? undefined : String(options.body);
    const answer = await this.app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      remoteAddress: '127.0.0.1',
      headers: { ...options.headers, host: target.host },
      ...(body !== undefined ? { payload: body } : {}),
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: toHeaders(answer.headers),
    });
  };

  private transport(issuer: string): IdpFetch {
    const base: IdpFetch = isLocalIssuer(issuer) ? this.inProcess : (url, options) => fetch(url, options as RequestInit);
    const filter = this.filter;
    return filter ? async (url, options) => filter(url, await base(url, options)) : base;
  }

  /** The provider's metadata, discovered once per issuer (a provider that was down is asked again next time). */
  private serverMetadata(issuer: string): Promise<oidc.ServerMetadata> {
    let metadata = this.discovered.get(issuer);
    if (!metadata) {
      metadata = oidc
        .discovery(new URL(issuer), 'discovery', undefined, oidc.None(), {
          ...(isLocalIssuer(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
          [oidc.customFetch]: this.transport(issuer),
        })
        .then((found) => found.serverMetadata());
      metadata.catch(() => this.discovered.delete(issuer));
      this.discovered.set(issuer, metadata);
    }
    return metadata;
  }

  /**
   * The client for this tenant provider. Made per use: the secret is read from the environment each
   * time, and the clock skew follows the server's clock (tests move it; expiry is judged by it).
   */
  async configuration(provider: IdentityProviderConfig): Promise<oidc.Configuration> {
    const secret = clientSecretFrom(provider.clientSecretEnv);
    const skew = Math.round((this.clock.now().getTime() - Date.now()) / 1000);
    const configuration = new oidc.Configuration(
      await this.serverMetadata(provider.issuer),
      provider.clientId,
      { [oidc.clockSkew]: skew },
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
    );
    configuration[oidc.customFetch] = this.transport(provider.issuer);
    // Only the in-process local provider speaks plain http; any other issuer must be https.
    if (isLocalIssuer(provider.issuer)) oidc.allowInsecureRequests(configuration);
    // The ID token's signature is checked against the provider's published keys, not taken on trust from the channel.
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  }

  /** Where to send the browser, and what the callback must check. */
  async start(provider: IdentityProviderConfig, redirectUri: string, loginHint: string) {
    const configuration = await this.configuration(provider);
    const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid profile',
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
      ...(loginHint ? { login_hint: loginHint } : {}),
    });
    // The local provider is on the browser's own origin, whichever that is.
    const redirect = isLocalIssuer(provider.issuer) ? `${url.pathname}${url.search}` : url.href;
    return { redirect, checks };
  }

  /**
   * Exchanges the code and validates the ID token (signature, issuer, audience, expiry, nonce;
   * state and PKCE by the exchange itself). Returns its subject; throws on anything wrong.
   */
  async finish(
    provider: IdentityProviderConfig,
    callbackUrl: URL,
    checks: { state: string; nonce: string; verifier: string },
  ): Promise<string> {
    const configuration = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const subject = tokens.claims()?.sub;
    if (!subject) throw new Error('ID token without subject');
    return subject;
  }
}
