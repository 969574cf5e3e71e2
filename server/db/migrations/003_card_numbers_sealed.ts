import { sql, type Kysely } from 'kysely';
import { sealPan } from '../../cards/pan-vault.ts';

/**
 * Issue 12: card numbers were stored in clear. Each number is sealed (AES-256-GCM, key id beside
 * it) and only its BIN and last four digits stay readable; then the clear column goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table cards add column card_bin text, add column card_last4 text,
      add column card_number_sealed text, add column card_key_id text
  `.execute(db);
  const { rows } = await sql<{ card_id: string; card_number: string }>`select card_id, card_number from cards`.execute(db);
  for (const row of rows) {
    const sealed = sealPan(row.card_number);
    await sql`
      update cards set card_bin = ${sealed.card_bin}, card_last4 = ${sealed.card_last4},
        card_number_sealed = ${sealed.card_number_sealed}, card_key_id = ${sealed.card_key_id}
      where card_id = ${row.card_id}
    `.execute(db);
  }
  await sql`
    alter table cards alter column card_bin set not null, alter column card_last4 set not null,
      alter column card_number_sealed set not null, alter column card_key_id set not null;
    alter table cards drop column card_number;
    create index cards_last4 on cards(card_bin, card_last4)
  `.execute(db);
}
