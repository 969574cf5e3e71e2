// oidc-provider 8 ships no types (DefinitelyTyped's lag behind); this declares the part the local identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface KoaContextWithOidc {
    /** Node's request, as the provider's callback received it. */
    req: IncomingMessage;
    type: string;
    body: unknown;
    status: number;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      params?: Record<string, unknown>;
      provider: Provider;
    };
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface ClientInstance {
    redirectUris: string[];
    redirectUriAllowed(value: string): boolean;
  }

  export interface Configuration {
    adapter?: new (model: string) => object;
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: { keys?: string[] };
    findAccount?: (ctx: KoaContextWithOidc, id: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    interactions?: { url?: (ctx: KoaContextWithOidc, interaction: { uid: string }) => string };
    loadExistingGrant?: (ctx: KoaContextWithOidc) => Promise<GrantInstance | undefined>;
    pkce?: { required?: () => boolean; methods?: string[] };
    ttl?: Record<string, number>;
    renderError?: (ctx: KoaContextWithOidc, out: Record<string, string>, error: Error) => void | Promise<void>;
    responseTypes?: string[];
    scopes?: string[];
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    Grant: {
      new (properties: { clientId: string; accountId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    Client: { prototype: ClientInstance };
  }
}
