import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Database } from '../db/database.ts';
import { ephemeralKeyring, openPan, parseKeyring, sealPan, type PanKeyring } from './pan-vault.ts';

export class CardKeyConfigError extends Error {}

export interface CardKeySource {
  /** CARD_ENCRYPTION_KEYS. */
  keys: string | undefined;
  /** Set: a PostgreSQL deployment, which must bring its own keys. */
  databaseUrl: string | undefined;
  /** The embedded database's folder; `memory://…` for a database that lives as long as the process. */
  dataDir: string;
}

/** Where the embedded default keeps its generated key: beside the data folder (PGlite owns the folder itself). */
export function keyFilePath(dataDir: string): string {
  const folder = resolve(dataDir);
  return join(dirname(folder), `${basename(folder)}.card-keys`);
}

const KEY_FILE_MODE = 0o600;

/**
 * The keys that seal card numbers, by where the server runs (issue 22 item 3):
 * - CARD_ENCRYPTION_KEYS when set;
 * - on PostgreSQL without it, refuse to start: a shared database needs the deployment's keys;
 * - on the embedded database, a key made at random on its first start and kept beside the data
 *   folder in a file only its owner may read (0600), reused on every later start.
 */
export function resolveCardKeys(source: CardKeySource): PanKeyring {
  if (source.keys?.trim()) return parseKeyring(source.keys);
  if (source.databaseUrl) {
    throw new CardKeyConfigError(
      'CARD_ENCRYPTION_KEYS must be set when DATABASE_URL is: ' +
        "make a key with `node -e \"console.log('k1:'+require('crypto').randomBytes(32).toString('base64'))\"` (README, Security)",
    );
  }
  if (source.dataDir.startsWith('memory://')) return ephemeralKeyring();
  const file = keyFilePath(source.dataDir);
  try {
    const id = `local-${new Date().toISOString().slice(0, 10)}`;
    // 'wx': of two processes starting at once, one writes the file and both read it.
    writeFileSync(file, `${id}:${randomBytes(32).toString('base64')}\n`, { mode: KEY_FILE_MODE, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    // Written by hand or copied: readable by others, which defeats the sealing.
    chmodSync(file, KEY_FILE_MODE);
  }
  try {
    return parseKeyring(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CardKeyConfigError(`${file}: ${(error as Error).message}`);
  }
}

/**
 * The fixed key earlier versions sealed the demo's card numbers with when no key was configured.
 * Kept only to open those rows once and seal them again with the install's own key; it never
 * seals anything.
 */
const RETIRED_DEMO_KEYS: ReadonlyMap<string, Buffer> = new Map([['demo-1', Buffer.from('portal-demo-card-key-not-secret!', 'utf8')]]);

/**
 * Seals again with the current key every card number sealed with an older one it still has (key
 * rotation: put the new key first, keep the old listed until this has run), or with the retired
 * demo key. A row whose key is nowhere is left as it is and counted. Runs at start; one row per
 * statement, so a crash half-way loses nothing.
 */
export async function resealCardNumbers(db: Database, keyring: PanKeyring): Promise<{ resealed: number; unopenable: number }> {
  const stale = await db
    .selectFrom('cards')
    .select(['card_id', 'card_number_sealed', 'card_key_id'])
    .where('card_key_id', '!=', keyring.currentId)
    .execute();
  const opening: PanKeyring = { currentId: keyring.currentId, keys: new Map([...RETIRED_DEMO_KEYS, ...keyring.keys]) };
  let resealed = 0;
  let unopenable = 0;
  for (const row of stale) {
    if (!opening.keys.has(row.card_key_id)) {
      unopenable += 1;
      continue;
    }
    const sealed = sealPan(openPan(row, opening), keyring);
    const updated = await db
      .updateTable('cards')
      .set({ card_number_sealed: sealed.card_number_sealed, card_key_id: sealed.card_key_id })
      .where('card_id', '=', row.card_id)
      .where('card_key_id', '=', row.card_key_id)
      .executeTakeFirst();
    resealed += Number(updated.numUpdatedRows);
  }
  return { resealed, unopenable };
}
