import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../domain/cards.ts';
import { resealCardNumbers } from '../../server/cards/card-keys.ts';
import { openPan, parseKeyring, sealPan } from '../../server/cards/pan-vault.ts';
import { createDatabase, type Database } from '../../server/db/database.ts';
import * as initial from '../../server/db/migrations/001_initial.ts';
import * as payments from '../../server/db/migrations/002_payments.ts';
import * as sealed from '../../server/db/migrations/003_card_numbers_sealed.ts';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../support/api.ts';

/** Issue 12 defect 2: no card number (PAN) in clear at rest. */

const isLuhnValid = (digits: string) => luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);

/** Every Luhn-valid run of 13 to 19 digits in any text or JSON column of any table of the schema. */
async function clearCardNumbers(db: Database): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
  `.execute(db);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await sql<{ value: string | null }>`select ${sql.ref(column)}::text as value from ${sql.table(table)}`.execute(db);
    for (const { value } of rows) {
      for (const run of value?.match(/\d{13,19}/g) ?? []) {
        if (isLuhnValid(run)) found.push(`${table}.${column}: ${run.slice(0, 6)}…${run.slice(-4)}`);
      }
    }
  }
  return found;
}

describe('card numbers at rest', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('keeps only BIN and last four in clear, in every table, after requests and a full-number view', async () => {
    const client = api.client();
    await client.loginWithCustomer('admin', 'C-1001');
    expect((await client.post('/ecaas/cards/request', { card_name: 'Truck 40', card_holder: 'Ana Ruiz' })).statusCode).toBe(201);
    expect((await client.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const card = await api.db.selectFrom('cards').selectAll().where('card_name', '=', 'Truck 40').executeTakeFirstOrThrow();
    const view = await client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1001', card_id: card.card_id });
    expect(view.json().data.attributes.card_number).toBe(openPan(card));
    expect(isLuhnValid(openPan(card))).toBe(true);
    expect(await clearCardNumbers(api.db)).toEqual([]);
  });

  it('seals with the current key and opens rows sealed by an older one', () => {
    const older = parseKeyring(`k1:${Buffer.alloc(32, 1).toString('base64')}`);
    const rotated = parseKeyring(`k2:${Buffer.alloc(32, 2).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`);
    const byOlder = sealPan('7083123456789012', older);
    const byCurrent = sealPan('7083123456789012', rotated);
    expect([byOlder.card_key_id, byCurrent.card_key_id]).toEqual(['k1', 'k2']);
    expect(openPan(byOlder, rotated)).toBe('7083123456789012');
    expect(openPan(byCurrent, rotated)).toBe('7083123456789012');
    expect(byCurrent).toMatchObject({ card_bin: '708312', card_last4: '9012' });
    expect(byCurrent.card_number_sealed).not.toContain('7083123456789012');
    expect(() => openPan({ ...byCurrent, card_key_id: 'k9' }, rotated)).toThrow(/k9/);
    expect(() => parseKeyring('short:AAAA')).toThrow(/32 bytes/);
  });
});

describe('migration 003', () => {
  it('seals the numbers of existing rows and drops the clear column', { timeout: 120_000 }, async () => {
    const db = await createDatabase({ dataDir: 'memory://' });
    try {
      const migrations: Record<string, Migration> = { '001_initial': initial, '002_payments': payments, '003_card_numbers_sealed': sealed };
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('002_payments')).error).toBeUndefined();
      const numbers = ['7083000000000011', '7083999999999990'].map((body) => body.slice(0, 15) + luhnCheckDigit(body.slice(0, 15)));
      await sql`insert into currencies (code, label) values ('USD', 'US dollar') on conflict do nothing`.execute(db);
      await sql`insert into customers (buid_customer, tenant_id, customer_name, currency, status) values ('C-1', 'demo', 'One', 'USD', 'active')`.execute(
        db,
      );
      for (const number of numbers) {
        await sql`insert into cards (buid_customer, card_name, card_holder, card_number, expiry_date, status)
          values ('C-1', ${`Card ${number.slice(-4)}`}, 'Holder', ${number}, '2029-01-31', 'active')`.execute(db);
      }
      expect((await clearCardNumbers(db)).length).toBe(2);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db.selectFrom('cards').selectAll().orderBy('card_id').execute();
      expect(rows.map((row) => openPan(row))).toEqual(numbers);
      expect(rows.map((row) => row.card_last4)).toEqual(numbers.map((number) => number.slice(-4)));
      expect(await clearCardNumbers(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

describe('re-sealing at start (issue 22 item 3)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('seals again with the current key what an older key or the retired demo key sealed, and leaves what no key opens', async () => {
    const older = parseKeyring(`k1:${Buffer.alloc(32, 1).toString('base64')}`);
    const current = parseKeyring(`k2:${Buffer.alloc(32, 2).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`);
    const retiredDemo = parseKeyring(`demo-1:${Buffer.from('portal-demo-card-key-not-secret!', 'utf8').toString('base64')}`);
    const lost = parseKeyring(`k9:${Buffer.alloc(32, 9).toString('base64')}`);
    const cards = await api.db.selectFrom('cards').select('card_id').orderBy('card_id').limit(3).execute();
    const [byOlder, byDemo, byLost] = cards.map((card) => card.card_id);
    const rows: Array<[number | undefined, ReturnType<typeof parseKeyring>]> = [
      [byOlder, older],
      [byDemo, retiredDemo],
      [byLost, lost],
    ];
    for (const [cardId, keyring] of rows) {
      const sealedNow = sealPan('7083123456789012', keyring);
      await api.db
        .updateTable('cards')
        .set({ card_number_sealed: sealedNow.card_number_sealed, card_key_id: sealedNow.card_key_id })
        .where('card_id', '=', cardId ?? 0)
        .execute();
    }
    const everyOther = await api.db
      .selectFrom('cards')
      .select(['card_id', 'card_number_sealed', 'card_key_id'])
      .where('card_id', 'not in', [byOlder ?? 0, byDemo ?? 0, byLost ?? 0])
      .execute();
    // The seed sealed the rest with this process's own key, which `current` does not list: they stay, like the lost one.
    const result = await resealCardNumbers(api.db, current);
    expect(result).toEqual({ resealed: 2, unopenable: 1 + everyOther.length });
    const after = await api.db
      .selectFrom('cards')
      .select(['card_id', 'card_number_sealed', 'card_key_id'])
      .where('card_id', 'in', [byOlder ?? 0, byDemo ?? 0, byLost ?? 0])
      .orderBy('card_id')
      .execute();
    expect(after.map((row) => row.card_key_id)).toEqual(['k2', 'k2', 'k9']);
    expect(openPan(after[0] ?? { card_number_sealed: '', card_key_id: '' }, current)).toBe('7083123456789012');
    expect(openPan(after[1] ?? { card_number_sealed: '', card_key_id: '' }, current)).toBe('7083123456789012');
    expect(await resealCardNumbers(api.db, current)).toEqual({ resealed: 0, unopenable: 1 + everyOther.length });
  });
});
