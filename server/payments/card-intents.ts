import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { authorizeWithin, cardProviderNamed } from './providers/registry.ts';
import { ProviderError, type Authorization, type AuthorizeRequest, type CardProvider } from './providers/types.ts';

/**
 * Card authorisation intents (issue 12 item 7): a hold on a buyer's card must never outlive a
 * payment that was not written, whether the payment's transaction fails or the process dies.
 *
 * 1. Before the provider is called, an intent is written and committed on its own (status open).
 * 2. The provider's answer (the authorisation id) is recorded on it at once.
 * 3. The payment's transaction claims the intent (claimCardIntent) and marks it completed, so an
 *    intent is completed exactly when its payment commits.
 * 4. Anything else settles it (settleCardIntent): completed if a payment with its authorisation
 *    committed after all, otherwise voiding → the provider's void → voided.
 * 5. At start the server settles every intent left open or voiding (reconcileCardIntents).
 *
 * Payments with the same idempotency key share one authorisation (the provider's idempotency), so
 * settling and paying serialise on a transaction lock per authorisation id: a payment is never
 * written on an authorisation being voided, and an authorisation is never voided under a payment.
 */

export interface IntentOwner {
  tenantId: string;
  userId: number | null;
}
export type IntentOutcome = 'completed' | 'voided';

/** A transaction-scoped lock per authorisation id; the same in PGlite and PostgreSQL. */
async function lockAuthorization(trx: Database, authorizationId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`card-authorization:${authorizationId}`}, 0))`.execute(trx);
}

/** Step 1: the intent, committed before the provider hears of it. */
export async function openCardIntent(db: Database, owner: IntentOwner, provider: string, request: AuthorizeRequest): Promise<number> {
  const row = await db
    .insertInto('card_intents')
    .values({
      tenant_id: owner.tenantId,
      user_id: owner.userId,
      provider,
      provider_key: request.idempotencyKey,
      amount_minor: request.amountMinor,
      currency: request.currency,
      status: 'open',
      authorization_id: null,
      payment_id: null,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Steps 1 and 2 around the provider's call. A provider failure (decline, timeout: the provider
 * may still have authorised) settles the intent before the error goes on.
 */
export async function authorizeWithIntent(
  db: Database,
  provider: CardProvider,
  owner: IntentOwner,
  request: AuthorizeRequest,
  timeoutMs: number,
): Promise<{ intentId: number; authorization: Authorization }> {
  const intentId = await openCardIntent(db, owner, provider.name, request);
  let authorization: Authorization;
  try {
    authorization = await authorizeWithin(provider, request, timeoutMs);
  } catch (error) {
    await settleAfterFailure(db, provider, intentId);
    throw error;
  }
  const recorded = await db
    .updateTable('card_intents')
    .set({ authorization_id: authorization.authorizationId })
    .where('id', '=', intentId)
    .where('authorization_id', 'is', null)
    .returning('status')
    .executeTakeFirst();
  if (recorded?.status !== 'open') {
    // A reconciliation (another instance starting) settled the intent while the provider was
    // answering and found no hold yet: this hold must go too, and the payment cannot proceed.
    await db
      .updateTable('card_intents')
      .set({ status: 'open', settled_at: null })
      .where('id', '=', intentId)
      .where('status', '=', 'voided')
      .execute();
    await settleAfterFailure(db, provider, intentId);
    throw new ProviderError('error', 'authorisation withdrawn by reconciliation');
  }
  return { intentId, authorization };
}

/**
 * Step 3, first statement of the payment's transaction: takes the authorisation's lock and says
 * whether the payment may use it: its intent is still open, and no void of the same
 * authorisation is under way or finished since the intent began (such a void may have released
 * the very hold this intent got back from the provider's idempotency).
 */
export async function claimCardIntent(trx: Database, intentId: number, authorizationId: string): Promise<boolean> {
  await lockAuthorization(trx, authorizationId);
  const intent = await trx
    .selectFrom('card_intents')
    .select(['status', 'created_at'])
    .where('id', '=', intentId)
    .forUpdate()
    .executeTakeFirst();
  if (intent?.status !== 'open') return false;
  const voided = await trx
    .selectFrom('card_intents')
    .select('id')
    .where('authorization_id', '=', authorizationId)
    .where('id', '<>', intentId)
    .where((eb) => eb.or([eb('status', '=', 'voiding'), eb.and([eb('status', '=', 'voided'), eb('settled_at', '>=', intent.created_at)])]))
    .executeTakeFirst();
  return !voided;
}

/** Step 3, after the payment's row is written, in the same transaction. */
export async function completeCardIntent(trx: Database, intentId: number, paymentId: number): Promise<void> {
  await trx
    .updateTable('card_intents')
    .set({ status: 'completed', payment_id: paymentId, settled_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', intentId)
    .execute();
}

/**
 * Step 4: completes the intent if a payment holding its authorisation committed, else voids the
 * authorisation at the provider and marks it voided. Throws if the provider cannot void (the
 * intent stays voiding, and the next start tries again).
 */
export async function settleCardIntent(db: Database, provider: CardProvider, intentId: number): Promise<IntentOutcome> {
  const intent = await db
    .selectFrom('card_intents')
    .select(['status', 'authorization_id', 'provider_key'])
    .where('id', '=', intentId)
    .executeTakeFirstOrThrow();
  if (intent.status === 'completed' || intent.status === 'voided') return intent.status;
  let authorizationId = intent.authorization_id;
  if (authorizationId === null) {
    // The process died (or gave up) before the provider's answer was recorded: ask the provider.
    const found = await provider.findAuthorization(intent.provider_key);
    if (!found) {
      const closed = await db
        .updateTable('card_intents')
        .set({ status: 'voided', settled_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', intentId)
        .where('authorization_id', 'is', null)
        .where('status', 'in', ['open', 'voiding'])
        .executeTakeFirst();
      // Its authorisation was recorded meanwhile: settle that instead.
      if (closed.numUpdatedRows === 0n) return settleCardIntent(db, provider, intentId);
      return 'voided';
    }
    authorizationId = found.authorizationId;
    await db
      .updateTable('card_intents')
      .set({ authorization_id: authorizationId })
      .where('id', '=', intentId)
      .where('authorization_id', 'is', null)
      .execute();
  }
  const held = authorizationId;
  const decided = await db.transaction().execute(async (trx): Promise<IntentOutcome | 'void'> => {
    await lockAuthorization(trx, held);
    const now = await trx.selectFrom('card_intents').select('status').where('id', '=', intentId).forUpdate().executeTakeFirstOrThrow();
    if (now.status === 'completed' || now.status === 'voided') return now.status;
    const payment = await trx.selectFrom('payments').select('id').where('authorization_id', '=', held).executeTakeFirst();
    if (payment) {
      await trx
        .updateTable('card_intents')
        .set({ status: 'completed', payment_id: payment.id, settled_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', intentId)
        .execute();
      return 'completed';
    }
    await trx.updateTable('card_intents').set({ status: 'voiding' }).where('id', '=', intentId).execute();
    return 'void';
  });
  if (decided !== 'void') return decided;
  // Outside the transaction: the provider may be slow, and PGlite has one connection.
  await provider.void(held);
  await db
    .updateTable('card_intents')
    .set({ status: 'voided', settled_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', intentId)
    .where('status', '=', 'voiding')
    .execute();
  return 'voided';
}

/**
 * Settles after a failed request: the request's own error is what its caller must see, so a
 * provider that cannot void now only leaves the intent voiding for the next start to finish.
 */
export async function settleAfterFailure(db: Database, provider: CardProvider, intentId: number): Promise<IntentOutcome | 'unsettled'> {
  try {
    return await settleCardIntent(db, provider, intentId);
  } catch {
    return 'unsettled';
  }
}

export interface ReconcileLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Step 5, when the server starts (before it takes requests): every intent left open or voiding
 * by a process that died is completed (its payment committed) or voided at the provider.
 * An intent of another instance still in flight is safe too: it is refused when it goes on.
 */
export async function reconcileCardIntents(
  db: Database,
  log?: ReconcileLog,
): Promise<{ completed: number; voided: number; failed: number }> {
  const counts = { completed: 0, voided: 0, failed: 0 };
  const unsettled = await db
    .selectFrom('card_intents')
    .select(['id', 'provider'])
    .where('status', 'in', ['open', 'voiding'])
    .orderBy('id')
    .execute();
  for (const intent of unsettled) {
    try {
      counts[await settleCardIntent(db, cardProviderNamed(intent.provider, db), intent.id)] += 1;
    } catch (error) {
      counts.failed += 1;
      log?.error({ err: error, intentId: intent.id }, 'card intent could not be settled; the next start tries again');
    }
  }
  if (unsettled.length) log?.warn(counts, 'card intents left by an earlier process were reconciled');
  return counts;
}
