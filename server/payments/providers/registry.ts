import type { Tenant } from '../../../domain/tenant.ts';
import type { Database } from '../../db/database.ts';
import { sandboxProvider } from './sandbox.ts';
import { ProviderError, type Authorization, type AuthorizeRequest, type CardProvider } from './types.ts';

/** Card providers by the name a tenant's `paymentProvider.name` gives; a real processor adds an entry. */
const PROVIDERS: Readonly<Record<string, (db: Database) => CardProvider>> = { sandbox: sandboxProvider };

/** How long the server waits for an authorisation when the tenant does not say (ms). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

/** The provider of that name; its records (the sandbox's) live in `db`. */
export function cardProviderNamed(name: string, db: Database): CardProvider {
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`Unknown card provider ${name}`);
  return provider(db);
}

export function cardProviderFor(tenant: Pick<Tenant, 'paymentProvider'>, db: Database): CardProvider {
  return cardProviderNamed(tenant.paymentProvider.name, db);
}

/** Authorises within the tenant's timeout; whatever goes wrong leaves as a ProviderError. */
export async function authorizeWithin(provider: CardProvider, request: AuthorizeRequest, timeoutMs: number): Promise<Authorization> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderError('timeout'));
    }, timeoutMs);
  });
  try {
    return await Promise.race([provider.authorize(request, controller.signal), timedOut]);
  } catch (error) {
    throw error instanceof ProviderError ? error : new ProviderError('error', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
