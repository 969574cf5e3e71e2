import { sql, type Kysely } from 'kysely';

/**
 * Payments (issue 5): what a card payment shows afterwards without asking the provider again,
 * idempotency for payments no user made (AutoPay: user_id is null, and nulls never clash in
 * the per-user unique key), and notifications the server writes as translatable texts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payments add column card_last4 text, add column card_brand text, add column authorization_id text;
    create unique index payments_system_idempotency on payments(tenant_id, idempotency_key) where user_id is null;
    alter table notifications add column text_key text, add column text_params jsonb not null default '{}';
  `.execute(db);
}
