import { createHash } from 'node:crypto';
import { ProviderError, type Authorization, type AuthorizeRequest, type CardProvider } from './types.ts';
import { sandboxVault, type SandboxVault } from './sandbox-vault.ts';

/** Waits until our side gives up: how the sandbox "times out" on its test card. */
function never(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(new ProviderError('timeout'));
    signal.addEventListener('abort', () => reject(new ProviderError('timeout')), { once: true });
  });
}

/** The built-in card provider: authorises tokens of its own vault like a real processor would. */
export function sandboxProvider(vault: SandboxVault = sandboxVault): CardProvider {
  const authorizations = new Map<string, Authorization>();
  return {
    name: 'sandbox',
    async authorize(request: AuthorizeRequest, signal: AbortSignal): Promise<Authorization> {
      const card = vault.find(request.token);
      if (!card) throw new ProviderError('declined', 'unknown or expired token');
      if (card.outcome === 'timeout') return never(signal);
      if (card.outcome === 'decline') throw new ProviderError('declined', 'card declined');
      if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) throw new ProviderError('error', 'invalid amount');
      // The same idempotency key authorises once, as real processors do.
      const key = createHash('sha256').update(`${request.idempotencyKey}|${request.token}`).digest('hex');
      const existing = authorizations.get(key);
      if (existing) return existing;
      const authorization = { authorizationId: `auth_sandbox_${key.slice(0, 24)}`, last4: card.last4, brand: card.brand };
      authorizations.set(key, authorization);
      return authorization;
    },
    async void(authorizationId: string): Promise<void> {
      for (const [key, authorization] of authorizations) if (authorization.authorizationId === authorizationId) authorizations.delete(key);
    },
    browserConfig(publicKey: string) {
      return { name: 'sandbox', field_url: '/card-provider/sandbox/field.html', public_key: publicKey };
    },
  };
}
