import { bankingCountriesOffered, FALLBACK_BANKING_COUNTRIES } from '../../domain/bank-accounts.ts';
import type { TenantConfigValues } from '../../domain/tenant.ts';
import type { Database } from '../db/database.ts';
import type { BankAccountRow } from './resource.ts';

/** A customer's live (not removed) accounts, oldest first. */
export function liveAccounts(db: Database, customer: string): Promise<BankAccountRow[]> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('buid_customer', '=', customer)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** One live account by id, or undefined (also for ids that are not numbers). */
export function liveAccount(db: Database, id: string): Promise<BankAccountRow | undefined> {
  if (!/^\d{1,15}$/.test(id)) return Promise.resolve(undefined);
  return db.selectFrom('bank_accounts').selectAll().where('id', '=', Number(id)).where('removed_at', 'is', null).executeTakeFirst();
}

/**
 * Serialises writes to one customer's accounts: the AutoPay rule reads the live accounts and
 * then writes, so two concurrent requests must not both see "no AutoPay account yet".
 */
export async function lockCustomer(db: Database, customer: string): Promise<void> {
  await db.selectFrom('customers').select('buid_customer').where('buid_customer', '=', customer).forUpdate().execute();
}

/**
 * The countries a customer's bank accounts may be in: its banking countries where the lookup is
 * offered (spec §6), else, or when it lists none, the US/Canada fallback the form offers too.
 */
export async function allowedCountries(db: Database, config: TenantConfigValues, customer: string): Promise<string[]> {
  if (bankingCountriesOffered(config)) {
    const rows = await db.selectFrom('customer_banking_countries').select('country_code').where('buid_customer', '=', customer).execute();
    if (rows.length) return rows.map((row) => row.country_code);
  }
  return [...FALLBACK_BANKING_COUNTRIES];
}
