import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';
import * as initial from './migrations/001_initial.ts';
import * as payments from './migrations/002_payments.ts';
import * as cardNumbersSealed from './migrations/003_card_numbers_sealed.ts';
import * as loginLockBackoff from './migrations/004_login_lock_backoff.ts';
import * as cardIntents from './migrations/005_card_intents.ts';
import * as disputesByTransaction from './migrations/006_disputes_by_transaction.ts';
import * as groupOidc from './migrations/007_group_oidc.ts';
import * as disputeCompletions from './migrations/008_dispute_completions.ts';
import * as rejectionResubmissions from './migrations/009_rejection_resubmissions.ts';
import * as merchantInvoicing from './migrations/010_merchant_invoicing.ts';
import * as loyaltyRewards from './migrations/012_loyalty_rewards.ts';
import * as userAdmin from './migrations/013_user_admin.ts';
import * as requestBudgets from './migrations/014_request_budgets.ts';
import * as tenantRevisions from './migrations/015_tenant_revisions.ts';
import * as groupIdentityProvider from './migrations/016_group_identity_provider.ts';
import * as subAccountsDefaultCurrency from './migrations/017_sub_accounts_default_currency.ts';
import * as creditApplications from './migrations/018_credit_applications.ts';
import * as operatorStudio from './migrations/019_operator_studio.ts';
import * as previewSessions from './migrations/021_preview_sessions.ts';
import * as studioSnapshotRuns from './migrations/022_studio_snapshot_runs.ts';

// Listed in code rather than read from a folder, so the bundle-free server and tests
// run the same ordered set wherever they start from.
const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_payments': payments,
  '003_card_numbers_sealed': cardNumbersSealed,
  '004_login_lock_backoff': loginLockBackoff,
  '005_card_intents': cardIntents,
  '006_disputes_by_transaction': disputesByTransaction,
  '007_group_oidc': groupOidc,
  '008_dispute_completions': disputeCompletions,
  '009_rejection_resubmissions': rejectionResubmissions,
  '010_merchant_invoicing': merchantInvoicing,
  '012_loyalty_rewards': loyaltyRewards,
  '013_user_admin': userAdmin,
  '014_request_budgets': requestBudgets,
  '015_tenant_revisions': tenantRevisions,
  '016_group_identity_provider': groupIdentityProvider,
  '017_sub_accounts_default_currency': subAccountsDefaultCurrency,
  '018_credit_applications': creditApplications,
  '019_operator_studio': operatorStudio,
  '021_preview_sessions': previewSessions,
  '022_studio_snapshot_runs': studioSnapshotRuns,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this build expects, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/**
 * The migrations of this build that the database has not run, in the schema the connection uses
 * (`current_schema()`: tests give each file its own). Reads Kysely's bookkeeping table only, so
 * asking is cheap and changes nothing.
 */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration where to_regclass(current_schema() || '.kysely_migration') is not null`.execute(db);
  const done = new Set(rows.map((row) => row.name));
  return MIGRATION_NAMES.filter((name) => !done.has(name));
}

/**
 * `schema` names where the migration bookkeeping lives; without it Kysely looks for its tables
 * in every schema of the database, so parallel test runs (one schema each) would see each other's.
 */
export async function migrateToLatest(db: Database, schema = 'public'): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error ?? failed)}`, { cause: error });
  }
}
