import { currentAutopayAccount, type BankAccountRecord } from '../../domain/bank-accounts.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { audit } from '../audit.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { liveAccounts, lockCustomer } from './queries.ts';
import { accountSummary, conflictMeta, type BankAccountRow } from './resource.ts';

/** Who writes, for the audit log, and when (the app's clock). */
export interface Actor {
  tenantId: string;
  userId: number;
  now: Date;
}

/** The editable part of an account (PATCH): payment types, names and account type. */
export type AccountChanges = Partial<Pick<BankAccountRecord, 'autopay' | 'online_payment' | 'bank_name' | 'account_name' | 'account_type'>>;

async function removeRow(trx: Database, actor: Actor, row: BankAccountRow, reason: string): Promise<void> {
  await trx.updateTable('bank_accounts').set({ removed_at: actor.now }).where('id', '=', row.id).execute();
  await audit(trx, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    action: 'remove',
    entity: 'bank_account',
    entityId: String(row.id),
    detail: { buid_customer: row.buid_customer, account: accountSummary(row).account, reason },
  });
}

/**
 * spec §4: only one AutoPay account. When `id` is to use AutoPay and another live account does,
 * refuse with 409 naming that account (bank, name and masked number), unless the caller confirmed `replace`: then the
 * current AutoPay account is removed for good, in the caller's transaction.
 */
async function settleAutopay(trx: Database, actor: Actor, live: BankAccountRow[], id: number | undefined, replace: boolean): Promise<void> {
  const current = currentAutopayAccount(live, id);
  if (!current) return;
  if (!replace) throw new ApiError(409, ErrorCode.autopayConflict, { pointer: '/autopay' }, conflictMeta(current));
  await removeRow(trx, actor, current, 'autopay_replaced');
}

/** The customer's live accounts after a write, for the response's stops_online_payment. */
export interface Written {
  row: BankAccountRow;
  live: BankAccountRow[];
}

export function createAccount(db: Database, actor: Actor, customer: string, record: BankAccountRecord, replace: boolean): Promise<Written> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customer);
    if (record.autopay) await settleAutopay(trx, actor, await liveAccounts(trx, customer), undefined, replace);
    const row = await trx
      .insertInto('bank_accounts')
      .values({ ...record, buid_customer: customer, created_at: actor.now, removed_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'create',
      entity: 'bank_account',
      entityId: String(row.id),
      detail: {
        buid_customer: customer,
        kind: row.kind,
        bank_country: row.bank_country,
        account: accountSummary(row).account,
        autopay: row.autopay,
        online_payment: row.online_payment,
      },
    });
    return { row, live: await liveAccounts(trx, customer) };
  });
}

/** `revise` turns the account as it is (locked) into the changes to write, or refuses them. */
export function updateAccount(
  db: Database,
  actor: Actor,
  account: BankAccountRow,
  replace: boolean,
  revise: (current: BankAccountRow) => AccountChanges,
): Promise<Written> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, account.buid_customer);
    const live = await liveAccounts(trx, account.buid_customer);
    const current = live.find((row) => row.id === account.id);
    if (!current) throw new ApiError(404, ErrorCode.notFound);
    const changes = revise(current);
    if (changes.autopay && !current.autopay) await settleAutopay(trx, actor, live, current.id, replace);
    const row = await trx.updateTable('bank_accounts').set(changes).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
    await audit(trx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'update',
      entity: 'bank_account',
      entityId: String(row.id),
      detail: { buid_customer: row.buid_customer, account: accountSummary(row).account, changes },
    });
    return { row, live: await liveAccounts(trx, row.buid_customer) };
  });
}

/** Soft delete (removed_at): payments keep pointing at the account they used. */
export function removeAccount(db: Database, actor: Actor, account: BankAccountRow): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, account.buid_customer);
    const current = (await liveAccounts(trx, account.buid_customer)).find((row) => row.id === account.id);
    if (!current) throw new ApiError(404, ErrorCode.notFound);
    await removeRow(trx, actor, current, 'removed');
  });
}
