import type { Tenant } from '../../../domain/tenant.ts';
import { sandboxProvider } from './sandbox.ts';
import { ProviderError, type Authorization, type AuthorizeRequest, type CardProvider } from './types.ts';

/** Card providers by the name a tenant's `paymentProvider.name` gives; a real processor adds an entry. */
const PROVIDERS: Readonly<Record<string, CardProvider>> = { sandbox: sandboxProvider() };

/** How long the server waits for an authorisation when the tenant does not say (ms). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

export function cardProviderFor(tenant: Pick<Tenant, 'paymentProvider'>): CardProvider {
  const provider = PROVIDERS[tenant.paymentProvider.name];
  if (!provider) throw new Error(`Unknown card provider ${tenant.paymentProvider.name}`);
  return provider;
}

/** Authorises within the tenant's timeout; whatever goes wrong leaves as a ProviderError. */
export async function authorizeWithin(provider: CardProvider, request: AuthorizeRequest, timeoutMs: number): Promise<Authorization> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => { controller.abort(); reject(new ProviderError('timeout')); }, timeoutMs);
  });
  try {
    return await Promise.race([provider.authorize(request, controller.signal), timedOut]);
  } catch (error) {
    throw error instanceof ProviderError ? error : new ProviderError('error', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
