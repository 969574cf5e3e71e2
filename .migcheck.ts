import { Migrator, sql } from 'kysely';
import { createDatabase } from './server/db/database.ts';
import * as m from './server/db/migrate.ts';
const db = await createDatabase({ dataDir: 'memory://' } as never);
// Up to 013 by a Migrator over the same files, then the real migrateToLatest.
const names = ['001_initial','002_payments','003_card_numbers_sealed','004_login_lock_backoff','005_card_intents','006_disputes_by_transaction','007_group_oidc','008_dispute_completions','009_rejection_resubmissions','010_merchant_invoicing','012_loyalty_rewards','013_user_admin'];
const migrations = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await import(`./server/db/migrations/${n}.ts`)])));
const r = await new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: 'public' }).migrateToLatest();
if (r.error) throw r.error;
await sql`insert into user_groups (tenant_id, name, sso_enabled, identity_provider, oidc_issuer, oidc_client_id, oidc_client_secret_env) values
 ('demo','Local', true, 'demo-idp', 'http://localhost:8080/idp', 'portal-demo', 'DEMO_OIDC_CLIENT_SECRET'),
 ('demo','Evil', true, 'x', 'https://attacker.example', 'x', 'CARD_ENCRYPTION_KEYS'),
 ('demo','Plain', false, null, null, null, null)`.execute(db);
await m.migrateToLatest(db);
console.log((await sql`select * from user_groups order by id`.execute(db)).rows);
await db.destroy();
