import { sql } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from './database.ts';
import { seedBankingAndPayments, seedCards } from './seed/accounts.ts';
import { seedCreditApplications } from './seed/applications.ts';
import { insertSeriesInvoices } from './seed/bulk.ts';
import { BENCH_CUSTOMER, ensureBenchCustomer, seedCustomers, seedReferenceData } from './seed/customers.ts';
import { seedDisputes, seedRejections } from './seed/disputes.ts';
import { seedInvoices } from './seed/invoices.ts';
import { seedMerchantCustomers } from './seed/merchant-customers.ts';
import { DEMO_OPERATOR_PASSWORD, seedOperators } from './seed/operators.ts';
import { seedLoyalty, seedNotifications } from './seed/programs.ts';
import { seedUsers } from './seed/users.ts';
import { assertDay, chicagoToday, DEMO_PASSWORD } from './seed/util.ts';

export { DEMO_PASSWORD } from './seed/util.ts';
export { invoiceFor } from './seed/invoices.ts';

export interface SeedOptions {
  /** 'YYYY-MM-DD' anchoring every relative date; default today in America/Chicago. */
  today?: string;
  /** Invoices of the big customer C-1004; default 12000. */
  bigCustomerInvoices?: number;
}

export const BIG_CUSTOMER = 'C-1004';
export const DEFAULT_BIG_CUSTOMER_INVOICES = 12_000;
/** Rows per set-based insert of the bench invoices. */
export const BENCH_CHUNK = 200_000;

/** True when no user exists yet, i.e. the demo has not been seeded. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Seeds the demo tenant (and the small fleet tenant) in one transaction. The same `today`
 * always gives the same rows and ids on a fresh database; only password hashes (salted) differ.
 */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<void> {
  const today = options.today ?? chicagoToday();
  assertDay(today);
  const bigCount = options.bigCustomerInvoices ?? DEFAULT_BIG_CUSTOMER_INVOICES;
  if (!Number.isInteger(bigCount) || bigCount < 0) throw new Error(`bigCustomerInvoices must be a non-negative integer, got ${bigCount}`);
  // argon2id is deliberately slow: hash once, share the hash between every seeded user.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const operatorPasswordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);

  await db.transaction().execute(async (trx) => {
    await seedReferenceData(trx);
    await seedCustomers(trx);
    const invoices = await seedInvoices(trx, today);
    await insertSeriesInvoices(trx, {
      customer: BIG_CUSTOMER,
      merchant: 'M-2001',
      currency: 'USD',
      trxPrefix: 'T-1004-',
      invoicePrefix: 'INV-4',
      digits: 5,
      from: 1,
      to: bigCount,
      today,
    });
    await seedMerchantCustomers(trx);
    const users = await seedUsers(trx, today, passwordHash);
    await seedDisputes(trx, today, invoices, users);
    await seedCards(trx, today);
    await seedRejections(trx, today);
    await seedBankingAndPayments(trx, today, invoices, users);
    await seedNotifications(trx, today);
    await seedLoyalty(trx, today, users);
    await seedOperators(trx, operatorPasswordHash);
    await seedCreditApplications(trx, today, users);
  });
  await refreshStatistics(db);
}

/**
 * After a bulk load the planner needs statistics, and index-only scans need the visibility
 * map: without a vacuum a count reads the whole table (autovacuum may be off; PGlite has none).
 */
export async function refreshStatistics(db: Database): Promise<void> {
  await sql`vacuum analyze invoices`.execute(db);
}

/**
 * Adds `count` invoices to the bench customer C-9000 (created with its credit line and a link
 * to the demo `admin` when missing), numbered on from the invoices it already has, with one
 * set-based generate_series insert per chunk of 200,000 rows.
 */
export async function addBenchInvoices(db: Database, count: number, options: { today?: string } = {}): Promise<void> {
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`);
  const today = options.today ?? chicagoToday();
  assertDay(today);
  await db.transaction().execute((trx) => ensureBenchCustomer(trx));
  if (count === 0) return;
  const { existing } = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('existing'))
    .where('buid_customer', '=', BENCH_CUSTOMER)
    .executeTakeFirstOrThrow();
  const first = Number(existing) + 1;
  const last = first + count - 1;
  for (let from = first; from <= last; from += BENCH_CHUNK) {
    await insertSeriesInvoices(db, {
      customer: BENCH_CUSTOMER,
      merchant: 'M-2001',
      currency: 'USD',
      trxPrefix: 'T-9000-',
      invoicePrefix: 'INV-9',
      digits: 7,
      from,
      to: Math.min(from + BENCH_CHUNK - 1, last),
      today,
    });
  }
  await refreshStatistics(db);
}
