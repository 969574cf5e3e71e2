import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { businessDaysAfter } from '../../domain/business-days.ts';
import { ErrorCode, type ErrorCodeKey } from '../../domain/error-codes.ts';
import { isPayable } from '../../domain/invoice-status.ts';
import {
  cardFeeMinor,
  paymentProblems,
  SETTLEMENT_BUSINESS_DAYS,
  totalsByCurrency,
  type PaymentBody,
  type PaymentLine,
  type PayingCustomer,
} from '../../domain/payments.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { audit } from '../audit.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { invoiceListCaches } from '../invoices/page.ts';
import { ApiError } from '../http/errors.ts';
import { enqueueJob } from '../jobs/runner.ts';
import { paymentByKey, requestHash } from './idempotency.ts';
import { paymentLines, type Selection } from './lines.ts';
import { authorizeWithIntent, claimCardIntent, completeCardIntent, settleAfterFailure } from './card-intents.ts';
import { cardProviderFor, DEFAULT_PROVIDER_TIMEOUT_MS } from './providers/registry.ts';
import { ProviderError, type Authorization } from './providers/types.ts';

export interface PaymentCommand {
  tenant: Tenant;
  /** null for payments no user made (AutoPay). */
  userId: number | null;
  /** The customers the payer may pay for. */
  scope: readonly string[];
  /** The session's customer: individual-account mode pays for it only. */
  selectedCustomer: string | null;
  idempotencyKey: string;
  body: PaymentBody;
  /** 'autopay' pays from the AutoPay account instead of an online-payment one. */
  source: 'portal' | 'autopay';
}

export interface CreatedPayment {
  id: number;
  paymentNumber: string;
  tenantId: string;
  customers: string[];
  trxIds: string[];
  currency: string;
  amountMinor: number;
  createdAt: Date;
}

export interface PaymentDeps {
  db: Database;
  clock: Clock;
  /** Runs inside the payment's transaction, e.g. AutoPay's notification. */
  onCreated?: (trx: Database, payment: CreatedPayment) => Promise<void>;
}

export const SETTLE_JOB = 'payment.settle';
const CONFIRMATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const refuse = (status: number, code: ErrorCodeKey, meta?: Record<string, unknown>, pointer?: string) =>
  new ApiError(status, code, pointer ? { pointer } : undefined, meta);

function confirmationNumber(): string {
  return `CNF-${Array.from({ length: 8 }, () => CONFIRMATION_ALPHABET[randomInt(CONFIRMATION_ALPHABET.length)]).join('')}`;
}

/** The Postgres constraint a unique violation names, if the error is one. */
function uniqueViolation(error: unknown): string | undefined {
  const failure = error as { code?: string; constraint?: string; message?: string } | null;
  if (failure?.code !== '23505') return undefined;
  return failure.constraint ?? failure.message ?? '';
}

async function payingCustomers(db: Database, ids: readonly string[]): Promise<Record<string, PayingCustomer>> {
  if (ids.length === 0) return {};
  const rows = await db
    .selectFrom('customers')
    .select(['buid_customer', 'payment_eligible', 'payment_web_text'])
    .where('buid_customer', 'in', [...ids])
    .execute();
  return Object.fromEntries(
    rows.map((row) => [row.buid_customer, { paymentEligible: row.payment_eligible, paymentWebText: row.payment_web_text }]),
  );
}

/** The bank account a bank payment draws on: the paying customer's, live, and enrolled for this use. */
async function usableBankAccount(db: Database, command: PaymentCommand, customer: string): Promise<number> {
  const raw = command.body.bank_account_id;
  if (raw === undefined) throw refuse(422, ErrorCode.fieldRequired, { field: 'bank_account_id' }, '/bank_account_id');
  const id = /^[0-9]{1,15}$/.test(raw) ? Number(raw) : NaN;
  const account = Number.isSafeInteger(id)
    ? await db
        .selectFrom('bank_accounts')
        .select(['id', 'online_payment', 'autopay'])
        .where('id', '=', id)
        .where('buid_customer', '=', customer)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const enrolled = command.source === 'autopay' ? account?.autopay : account?.online_payment;
  if (!account || !enrolled) throw refuse(422, ErrorCode.bankAccountNotUsable, undefined, '/bank_account_id');
  return account.id;
}

/**
 * Takes a payment (issue 5): every rule of domain/payments.ts, then the card authorisation,
 * then one transaction that locks the invoices, checks them again, writes the payment, moves
 * its invoices to Payment Pending, queues its settlement and writes the audit log.
 * The card's authorisation is recorded as an intent first and voided if the payment is not
 * written (server/payments/card-intents.ts), also after a crash.
 * Every refusal writes nothing. The same idempotency key with the same request returns the
 * first payment (replayed: true); with a different request it is refused.
 */
export async function createPayment(deps: PaymentDeps, command: PaymentCommand): Promise<{ id: number; replayed: boolean }> {
  const { db } = deps;
  const { tenant, body } = command;
  const hash = requestHash({ ...body, selected: body.mode === 'INDIVIDUAL_ACCOUNT' ? command.selectedCustomer : null });
  const replay = async () => {
    const existing = await paymentByKey(db, tenant.id, command.userId, command.idempotencyKey);
    if (!existing) return undefined;
    if (existing.request_hash !== hash) throw refuse(409, ErrorCode.idempotencyKeyReused);
    return { id: existing.id, replayed: true };
  };
  const first = await replay();
  if (first) return first;

  const selection: Selection = body.invoices ? { invoices: body.invoices } : { customers: body.customers ?? [] };
  const lines = await paymentLines(db, tenant.id, command.scope, selection);
  const customers = [...new Set(lines.map((line) => line.customer))];
  const problem = paymentProblems(
    { mode: body.mode, method: body.method, lines, selectedCustomer: command.selectedCustomer, termsAccepted: body.terms_accepted },
    { flags: tenant.flags, limits: tenant.limits, customers: await payingCustomers(db, customers) },
  )[0];
  if (problem) throw refuse(422, problem.code as ErrorCodeKey, problem.meta);

  const [total] = totalsByCurrency(lines);
  const amountMinor = total!.amountMinor;
  const feeMinor = cardFeeMinor(body.method, tenant.limits);
  const bankAccountId = body.method === 'bank' ? await usableBankAccount(db, command, customers[0]!) : null;
  if (body.method === 'card' && !body.card_token) throw refuse(422, ErrorCode.fieldRequired, { field: 'card_token' }, '/card_token');

  // The provider answers before the payment is written: a decline or a timeout leaves no payment,
  // only the intent that said an authorisation was asked for (settled at once).
  const provider = cardProviderFor(tenant, db);
  let card: CardHold | undefined;
  if (body.method === 'card') {
    try {
      card = await authorizeWithIntent(
        db,
        provider,
        { tenantId: tenant.id, userId: command.userId },
        {
          token: body.card_token!,
          amountMinor: amountMinor + feeMinor,
          currency: total!.currency,
          // The request's hash too: a reused key with another body must not get the first authorisation.
          idempotencyKey: `${tenant.id}:${command.userId ?? 'system'}:${command.idempotencyKey}:${hash}`,
        },
        tenant.paymentProvider.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
      );
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // A sibling request with this key and body may be paying on the same authorisation (a
      // processor may refuse a key in use). Settling this request's intent waited on that
      // authorisation's lock, so a sibling transaction that had claimed it has ended: its
      // payment, if any, is this request's answer, not the provider's failure.
      const paid = await replay();
      if (paid) return paid;
      throw refuse(502, ErrorCode.cardProviderFailed, { reason: error.reason });
    }
  }

  try {
    const id = await writePayment(deps, command, { lines, hash, amountMinor, feeMinor, currency: total!.currency, bankAccountId, card });
    return { id, replayed: false };
  } catch (error) {
    // Completed if a payment holding the authorisation committed (a concurrent request with the
    // same key and body, by the provider's idempotency), else voided at the provider.
    if (card) await settleAfterFailure(db, provider, card.intentId);
    // A concurrent request with the same key and body won the race: its payment is this request's answer.
    const existing = await paymentByKey(db, tenant.id, command.userId, command.idempotencyKey);
    if (existing?.request_hash === hash) return { id: existing.id, replayed: true };
    if (existing) throw refuse(409, ErrorCode.idempotencyKeyReused);
    if (uniqueViolation(error)?.includes('payment_invoices_one_live')) throw refuse(409, ErrorCode.invoiceNotPayable);
    throw error;
  } finally {
    invoiceListCaches.invalidate();
  }
}

/** A card payment's authorisation and the intent that records it. */
interface CardHold {
  intentId: number;
  authorization: Authorization;
}

interface PaymentFigures {
  lines: PaymentLine[];
  hash: string;
  amountMinor: number;
  feeMinor: number;
  currency: string;
  bankAccountId: number | null;
  card: CardHold | undefined;
}

async function writePayment(deps: PaymentDeps, command: PaymentCommand, figures: PaymentFigures): Promise<number> {
  const { clock } = deps;
  const { tenant, body } = command;
  const { lines } = figures;
  const trxIds = lines.map((line) => line.trxId);
  const authorization = figures.card?.authorization;
  return deps.db.transaction().execute(async (trx) => {
    // First, so a reconciliation or a failed sibling request voiding this authorisation waits for
    // this transaction, or this one sees the void and refuses: never a payment on a released hold.
    if (figures.card && !(await claimCardIntent(trx, figures.card.intentId, figures.card.authorization.authorizationId))) {
      throw refuse(502, ErrorCode.cardProviderFailed, { reason: 'error' });
    }
    // Lock the invoices, then look again: a concurrent payment may have taken one meanwhile.
    const locked = await trx
      .selectFrom('invoices')
      .select(['trx_id', 'status', 'current_due_minor', 'past_due_minor'])
      .where('trx_id', 'in', trxIds)
      .orderBy('trx_id')
      .forUpdate()
      .execute();
    const now = new Map(locked.map((row) => [row.trx_id, row]));
    const taken = lines
      .filter((line) => {
        const row = now.get(line.trxId);
        return !row || !isPayable(row.status) || row.current_due_minor + row.past_due_minor !== line.amountMinor;
      })
      .map((line) => line.trxId);
    if (taken.length) throw refuse(409, ErrorCode.invoiceNotPayable, { trx_ids: taken });

    const created = clock.now();
    const settlesAt = businessDaysAfter(created, SETTLEMENT_BUSINESS_DAYS[body.method]);
    const {
      rows: [sequence],
    } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('payments', 'id'))::int as id`.execute(trx);
    const id = sequence!.id;
    const paymentNumber = `P-${String(id).padStart(6, '0')}`;
    await trx
      .insertInto('payments')
      .values({
        id,
        payment_number: paymentNumber,
        confirmation_number: confirmationNumber(),
        tenant_id: tenant.id,
        user_id: command.userId,
        mode: body.mode,
        method: body.method,
        bank_account_id: figures.bankAccountId,
        card_token: body.method === 'card' ? (body.card_token ?? null) : null,
        card_last4: authorization?.last4 ?? null,
        card_brand: authorization?.brand ?? null,
        authorization_id: authorization?.authorizationId ?? null,
        currency: figures.currency,
        amount_minor: figures.amountMinor,
        card_fee_minor: figures.feeMinor,
        status: 'pending',
        idempotency_key: command.idempotencyKey,
        request_hash: figures.hash,
        source: command.source,
        created_at: created,
        settles_at: settlesAt,
        settled_at: null,
      })
      .execute();
    if (figures.card) await completeCardIntent(trx, figures.card.intentId, id);
    await trx
      .insertInto('payment_invoices')
      .values(
        lines.map((line) => ({
          payment_id: id,
          trx_id: line.trxId,
          buid_customer: line.customer,
          amount_minor: line.amountMinor,
          active: true,
        })),
      )
      .execute();
    await trx.updateTable('invoices').set({ status: 'Payment Pending', updated_at: created }).where('trx_id', 'in', trxIds).execute();
    await enqueueJob(trx, { kind: SETTLE_JOB, payload: { paymentId: id }, runAt: settlesAt, dedupeKey: `${SETTLE_JOB}:${id}` });
    const customers = [...new Set(lines.map((line) => line.customer))];
    await audit(trx, {
      tenantId: tenant.id,
      userId: command.userId,
      action: 'payment.create',
      entity: 'payment',
      entityId: String(id),
      detail: {
        payment_number: paymentNumber,
        mode: body.mode,
        method: body.method,
        source: command.source,
        currency: figures.currency,
        amount_minor: figures.amountMinor,
        card_fee_minor: figures.feeMinor,
        invoices: trxIds,
        customers,
        settles_at: settlesAt.toISOString(),
      },
    });
    await deps.onCreated?.(trx, {
      id,
      paymentNumber,
      tenantId: tenant.id,
      customers,
      trxIds,
      currency: figures.currency,
      amountMinor: figures.amountMinor,
      createdAt: created,
    });
    return id;
  });
}
