import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Fleet-card numbers (PANs) at rest: AES-256-GCM under a key chosen by id, so keys can rotate
 * (new numbers use the current key; older rows name the key that sealed them). Only the BIN (first
 * six digits) and the last four stay in clear, for display and search; the whole number is opened
 * only for the full-number view (POST /ecaas/cards/view-secure).
 *
 * Keys come from the deployment (CARD_ENCRYPTION_KEYS: "id:base64key[,id:base64key…]", 32-byte
 * keys, the first one current) or, for the embedded database, from a key file made on its first
 * start (server/cards/card-keys.ts). None is ever in the repository.
 */
export interface PanKeyring {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

export interface SealedPan {
  card_bin: string;
  card_last4: string;
  /** base64 of iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext. */
  card_number_sealed: string;
  card_key_id: string;
}

/** "k2:base64,k1:base64" → the keyring; throws naming the entry that is malformed. */
export function parseKeyring(spec: string): PanKeyring {
  const keys = new Map<string, Buffer>();
  for (const entry of spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator);
    const key = Buffer.from(entry.slice(separator + 1), 'base64');
    if (separator < 1 || key.length !== 32)
      throw new Error(`CARD_ENCRYPTION_KEYS: entry "${id || entry.slice(0, 8)}…" needs id:base64 of 32 bytes`);
    keys.set(id, key);
  }
  const [currentId] = keys.keys();
  if (currentId === undefined) throw new Error('CARD_ENCRYPTION_KEYS names no key');
  return { currentId, keys };
}

/** A keyring of one fresh random key: numbers sealed with it cannot be opened by any other process. */
export function ephemeralKeyring(): PanKeyring {
  const id = `ephemeral-${randomBytes(4).toString('hex')}`;
  return { currentId: id, keys: new Map([[id, randomBytes(32)]]) };
}

let processKeyring: PanKeyring | undefined;

/** Sets the keyring of this process (server/main.ts and the seed command, from resolveCardKeys). */
export function setProcessKeyring(keyring: PanKeyring): void {
  processKeyring = keyring;
}

/**
 * The keyring of this process. Where nothing set one (tests, tools that build the app in-process),
 * CARD_ENCRYPTION_KEYS if given, else a random key that lives as long as the process: never a
 * well-known one.
 */
export function panKeyring(): PanKeyring {
  processKeyring ??= process.env.CARD_ENCRYPTION_KEYS?.trim() ? parseKeyring(process.env.CARD_ENCRYPTION_KEYS) : ephemeralKeyring();
  return processKeyring;
}

export function sealPan(pan: string, keyring: PanKeyring = panKeyring()): SealedPan {
  const key = keyring.keys.get(keyring.currentId)!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(pan, 'utf8'), cipher.final()]);
  return {
    card_bin: pan.slice(0, 6),
    card_last4: pan.slice(-4),
    card_number_sealed: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64'),
    card_key_id: keyring.currentId,
  };
}

export function openPan(sealed: Pick<SealedPan, 'card_number_sealed' | 'card_key_id'>, keyring: PanKeyring = panKeyring()): string {
  const key = keyring.keys.get(sealed.card_key_id);
  if (!key) throw new Error(`No card encryption key ${sealed.card_key_id} (CARD_ENCRYPTION_KEYS)`);
  const bytes = Buffer.from(sealed.card_number_sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
