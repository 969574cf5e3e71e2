import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isLuhnValid } from '../../../domain/cards.ts';
import { ErrorCode, type ErrorCodeKey } from '../../../domain/error-codes.ts';
import type { Database } from '../../db/database.ts';

/**
 * The sandbox provider's card vault. The card number itself is never kept: only what the sandbox
 * needs afterwards (last four, brand, the test outcome), in the database under the token's
 * SHA-256 digest, so tokens survive a restart and a database dump holds no usable token.
 * Documented test numbers (README "Payments"): 4242 4242 4242 4242 approves, 4000 0000 0000 0002
 * is declined, 4000 0000 0000 9995 never answers (the server's timeout gives up); any other
 * Luhn-valid number approves.
 */
export type SandboxOutcome = 'approve' | 'decline' | 'timeout';

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'timeout',
};

export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
}
export interface VaultedCard {
  tokenHash: string;
  last4: string;
  brand: string;
  outcome: SandboxOutcome;
}

const TOKEN_TTL_MS = 30 * 60_000;
/** Oldest tokens go first beyond this, so a flood of tokenisations cannot fill the database. */
export const MAX_SANDBOX_TOKENS = 10_000;

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/**
 * SHA-256 in base64url rather than hex: hex is mostly digits, and long digit runs would look like
 * card numbers to the scans that check no card number is stored (issue 12 item 2).
 */
export const sandboxDigest = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** The first thing wrong with what was typed, as an i18n key the payment flow shows; null when valid. */
export function cardEntryProblem(entry: CardEntry, today: Date): ErrorCodeKey | null {
  const number = entry.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !isLuhnValid(number)) return ErrorCode.cardInvalid;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(entry.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return ErrorCode.cardExpiryInvalid;
  // A card is valid through the last day of its expiry month.
  const year = 2000 + Number(expiry[2]);
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return ErrorCode.cardExpiryInvalid;
  if (!/^\d{3,4}$/.test(entry.cvc.trim())) return ErrorCode.cardCvcInvalid;
  return null;
}

/** The sandbox's tokens. Its own clock (Date.now), as a processor's would be: not the portal's. */
export class SandboxVault {
  constructor(private readonly db: Database) {}

  /** Stores a valid card and returns its token (call cardEntryProblem first). */
  async tokenize(entry: CardEntry): Promise<{ token: string; last4: string; brand: string }> {
    const number = entry.number.replace(/[\s-]/g, '');
    const now = Date.now();
    const token = `tok_sandbox_${randomBytes(16).toString('base64url')}`;
    const card = { last4: number.slice(-4), brand: brandOf(number), outcome: SANDBOX_TEST_CARDS[number] ?? 'approve' };
    await this.db
      .insertInto('sandbox_card_tokens')
      .values({ token_hash: sandboxDigest(token), ...card, expires_at: new Date(now + TOKEN_TTL_MS) })
      .execute();
    // Expired tokens go, and the oldest beyond the cap.
    await sql`
      delete from sandbox_card_tokens where expires_at <= ${new Date(now)} or token_hash in (
        select token_hash from sandbox_card_tokens order by expires_at desc offset ${MAX_SANDBOX_TOKENS})
    `.execute(this.db);
    return { token, last4: card.last4, brand: card.brand };
  }

  async find(token: string): Promise<VaultedCard | undefined> {
    const row = await this.db
      .selectFrom('sandbox_card_tokens')
      .select(['token_hash', 'last4', 'brand', 'outcome'])
      .where('token_hash', '=', sandboxDigest(token))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row && { tokenHash: row.token_hash, last4: row.last4, brand: row.brand, outcome: row.outcome };
  }
}
