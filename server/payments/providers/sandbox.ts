import type { Database } from '../../db/database.ts';
import { ProviderError, type Authorization, type AuthorizeRequest, type CardProvider } from './types.ts';
import { sandboxDigest, SandboxVault } from './sandbox-vault.ts';

/** Waits until our side gives up: how the sandbox "times out" on its test card. */
function never(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(new ProviderError('timeout'));
    signal.addEventListener('abort', () => reject(new ProviderError('timeout')), { once: true });
  });
}

/**
 * The built-in card provider: authorises tokens of its own vault like a real processor would.
 * Its tokens and authorisations live in the database (migration 005), so a restarted server
 * can still void a hold it made before it died.
 */
export function sandboxProvider(db: Database): CardProvider {
  const vault = new SandboxVault(db);
  const live = (requestKey: string) =>
    db
      .selectFrom('sandbox_authorizations')
      .select(['authorization_id', 'token_hash', 'last4', 'brand', 'status'])
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  const answer = (row: { authorization_id: string; last4: string; brand: string }): Authorization => ({
    authorizationId: row.authorization_id,
    last4: row.last4,
    brand: row.brand,
  });
  return {
    name: 'sandbox',
    async authorize(request: AuthorizeRequest, signal: AbortSignal): Promise<Authorization> {
      const card = await vault.find(request.token);
      if (!card) throw new ProviderError('declined', 'unknown or expired token');
      if (card.outcome === 'timeout') return never(signal);
      if (card.outcome === 'decline') throw new ProviderError('declined', 'card declined');
      if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) throw new ProviderError('error', 'invalid amount');
      const requestKey = sandboxDigest(request.idempotencyKey);
      // The same idempotency key authorises once, as real processors do, also when its requests
      // arrive at once. No conflict target, so authorization_id is an arbiter too: with request_key
      // alone, two such inserts on PostgreSQL could collide on authorization_id, which that
      // ON CONFLICT does not cover, and one request failed with a unique violation.
      const inserted = await db
        .insertInto('sandbox_authorizations')
        .values({
          request_key: requestKey,
          authorization_id: `auth_sandbox_${requestKey.slice(0, 24)}`,
          token_hash: card.tokenHash,
          amount_minor: request.amountMinor,
          currency: request.currency,
          last4: card.last4,
          brand: card.brand,
          status: 'authorized',
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('request_key')
        .executeTakeFirst();
      // After a void the key may authorise again (a retry of a refused payment), under the same id.
      if (!inserted) {
        await db
          .updateTable('sandbox_authorizations')
          .set({
            status: 'authorized',
            voided_at: null,
            amount_minor: request.amountMinor,
            currency: request.currency,
            created_at: new Date(),
          })
          .where('request_key', '=', requestKey)
          .where('status', '=', 'voided')
          .where('token_hash', '=', card.tokenHash)
          .execute();
      }
      const row = await live(requestKey);
      // A key is bound to the card it first authorised, as processors refuse a reused key with other parameters.
      if (!row || row.token_hash !== card.tokenHash) throw new ProviderError('error', 'idempotency key used with another card');
      return answer(row);
    },
    async void(authorizationId: string): Promise<void> {
      await db
        .updateTable('sandbox_authorizations')
        .set({ status: 'voided', voided_at: new Date() })
        .where('authorization_id', '=', authorizationId)
        .where('status', '=', 'authorized')
        .execute();
    },
    async findAuthorization(idempotencyKey: string): Promise<Authorization | undefined> {
      const row = await live(sandboxDigest(idempotencyKey));
      return row?.status === 'authorized' ? answer(row) : undefined;
    },
    browserConfig(publicKey: string) {
      return { name: 'sandbox', field_url: '/card-provider/sandbox/field.html', public_key: publicKey };
    },
  };
}

/** The sandbox's vault on a database (its token endpoint). */
export const sandboxVault = (db: Database): SandboxVault => new SandboxVault(db);
