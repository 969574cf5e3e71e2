import { sql, type Kysely } from 'kysely';

/**
 * Issue 12 item 7: a card authorised before the payment's transaction must never stay held when
 * that transaction fails or the process dies.
 *
 * card_intents: one row per card authorisation the server asks for, written and committed before
 * the provider is called. open → completed (inside the payment's own transaction, so it is
 * completed exactly when the payment commits) or open → voiding → voided (the provider's void is
 * under way / done). Rows left open or voiding are reconciled when the server starts.
 * Times come from the database's clock_timestamp(), so intents of several processes compare.
 *
 * sandbox_card_tokens, sandbox_authorizations: the built-in sandbox provider's own records, kept
 * in the database so a restart does not lose them (a real processor keeps its own). Tokens are
 * stored only as SHA-256 digests; no card number is ever stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table card_intents (
      id bigserial primary key,
      tenant_id text not null,
      user_id bigint,
      provider text not null,
      provider_key text not null,
      amount_minor bigint not null check (amount_minor > 0),
      currency char(3) not null,
      authorization_id text,
      status text not null check (status in ('open','voiding','completed','voided')),
      payment_id bigint references payments(id),
      created_at timestamptz not null default clock_timestamp(),
      settled_at timestamptz
    );
    create index card_intents_unsettled on card_intents(id) where status in ('open','voiding');
    create index card_intents_authorization on card_intents(authorization_id);

    create table sandbox_card_tokens (
      token_hash text primary key,
      last4 text not null,
      brand text not null,
      outcome text not null check (outcome in ('approve','decline','timeout')),
      expires_at timestamptz not null
    );
    create index sandbox_card_tokens_expiry on sandbox_card_tokens(expires_at);

    create table sandbox_authorizations (
      request_key text primary key,
      authorization_id text not null unique,
      token_hash text not null,
      amount_minor bigint not null,
      currency char(3) not null,
      last4 text not null,
      brand text not null,
      status text not null check (status in ('authorized','voided')),
      created_at timestamptz not null default clock_timestamp(),
      voided_at timestamptz
    );
  `.execute(db);
}
