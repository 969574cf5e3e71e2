import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { ProviderError, type Authorization, type AuthorizeRequest } from '../../server/payments/providers/types.ts';
import { createPayment } from '../../server/payments/service.ts';
import { errorCode, type ApiClient, type TestApi } from '../support/api.ts';
import { cardToken, pay, payableInvoices, startPayerApi, type PaymentDocument } from '../support/payments.ts';

/**
 * Requests with one idempotency key share one card authorisation (the provider's idempotency).
 * When one of them is refused by the provider while another pays on that authorisation (the
 * sandbox did this on PostgreSQL when both inserted their hold at once; a processor may refuse a
 * key in use), the refused one must answer with the payment, never "card provider failed".
 * The order is forced, not left to timing: the provider here is the tenant's real one with a seam.
 */
const providerSeam = vi.hoisted(() => ({
  /** Answers the next authorisation instead of the provider (`real` asks the provider). */
  next: undefined as ((request: AuthorizeRequest, real: () => Promise<Authorization>) => Promise<Authorization>) | undefined,
}));
vi.mock('../../server/payments/providers/registry.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/payments/providers/registry.ts')>();
  return {
    ...original,
    cardProviderFor: (...args: Parameters<typeof original.cardProviderFor>) => {
      const provider = original.cardProviderFor(...args);
      return {
        ...provider,
        authorize: (request: AuthorizeRequest, signal: AbortSignal) => {
          const answer = providerSeam.next;
          providerSeam.next = undefined;
          const real = () => provider.authorize(request, signal);
          return answer ? answer(request, real) : real();
        },
      };
    },
  };
});

let api: TestApi;
let payer: ApiClient;
let payerId: number;
beforeAll(async () => {
  ({ api, payer, payerId } = await startPayerApi());
});
afterAll(async () => {
  await api?.close();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** PostgreSQL: whether a transaction waits for the lock of that card authorisation (server/payments/card-intents.ts). */
async function waitsForAuthorization(authorizationId: string): Promise<boolean> {
  const { rows } = await sql<{ waiting: boolean }>`
    select exists (
      select 1 from pg_locks
      where locktype = 'advisory' and not granted
        and ((classid::bigint << 32) | objid::bigint) = hashtextextended(${`card-authorization:${authorizationId}`}, 0)
    ) as waiting`.execute(api.db);
  return rows[0]!.waiting;
}

async function cardBody() {
  const [invoice] = await payableInvoices(api.db, 'C-1001');
  return {
    mode: 'INDIVIDUAL_ACCOUNT' as const,
    method: 'card' as const,
    invoices: [invoice!.trx_id],
    card_token: await cardToken(payer),
    terms_accepted: true,
  };
}

describe('a same-key request the provider refuses while its sibling pays', () => {
  it('waits for the sibling still in its transaction and answers with its payment', async () => {
    const body = await cardBody();
    const key = `race-${randomUUID()}`;
    // The loser is past its checks and asks the provider first; its answer waits for the winner.
    const loserAsks = deferred();
    const loserFails = deferred();
    providerSeam.next = async () => {
      loserAsks.resolve();
      await loserFails.promise;
      throw new ProviderError('error', 'duplicate key value violates unique constraint');
    };
    const loser = pay(payer, body, key);
    await loserAsks.promise;

    // The winner gets the authorisation, claims it and writes its payment, then holds its transaction open.
    const winnerInside = deferred();
    const winnerCommits = deferred();
    const winner = createPayment(
      {
        db: api.db,
        clock: api.clock,
        onCreated: async () => {
          winnerInside.resolve();
          await winnerCommits.promise;
        },
      },
      {
        tenant: api.tenants.byId('demo')!,
        userId: payerId,
        scope: ['C-1001'],
        selectedCustomer: 'C-1001',
        idempotencyKey: key,
        body,
        source: 'portal',
      },
    );
    await winnerInside.promise;
    loserFails.resolve();
    if (process.env.DATABASE_URL) {
      // Settling its intent on the shared hold, the loser waits for the winner's transaction.
      // (On PGlite its queries queue behind that transaction on the one connection.)
      const { authorization_id: held } = await api.db
        .selectFrom('card_intents')
        .select('authorization_id')
        .where('provider_key', 'like', `demo:${payerId}:${key}:%`)
        .where('authorization_id', 'is not', null)
        .executeTakeFirstOrThrow();
      await vi.waitFor(async () => expect(await waitsForAuthorization(held!)).toBe(true), { timeout: 10_000, interval: 20 });
    }
    winnerCommits.resolve();
    const paid = await winner;
    const response = await loser;

    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['idempotent-replayed']).toBe('true');
    expect(Number((response.json() as PaymentDocument).data.id)).toBe(paid.id);
    expect(await api.db.selectFrom('payments').select('id').where('idempotency_key', '=', key).execute()).toHaveLength(1);
    // Both intents end completed on the one payment, and the hold it uses was not voided.
    const intents = await api.db
      .selectFrom('card_intents')
      .select(['status', 'payment_id', 'authorization_id'])
      .where('provider_key', 'like', `demo:${payerId}:${key}:%`)
      .execute();
    expect(intents).toHaveLength(2);
    for (const intent of intents) expect(intent).toMatchObject({ status: 'completed', payment_id: paid.id });
    const hold = await api.db
      .selectFrom('sandbox_authorizations')
      .select('status')
      .where('authorization_id', '=', intents[0]!.authorization_id!)
      .executeTakeFirstOrThrow();
    expect(hold.status).toBe('authorized');
  });

  it('still answers the failure when no sibling paid', async () => {
    const body = await cardBody();
    providerSeam.next = async () => {
      throw new ProviderError('error', 'provider unreachable');
    };
    const response = await pay(payer, body);
    expect(response.statusCode, response.body).toBe(502);
    expect(errorCode(response)).toBe(ErrorCode.cardProviderFailed);
  });
});
