import { randomBytes } from 'node:crypto';
import { isLuhnValid } from '../../../domain/cards.ts';
import { ErrorCode, type ErrorCodeKey } from '../../../domain/error-codes.ts';

/**
 * The sandbox provider's card vault: card numbers live only here, in this process's memory,
 * for as long as their token does; our database and logs never see them.
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

export interface CardEntry { number: string; expiry: string; cvc: string }
export interface VaultedCard { last4: string; brand: string; outcome: SandboxOutcome; expiresAt: number }

const TOKEN_TTL_MS = 30 * 60_000;
/** Oldest tokens go first beyond this, so a flood of tokenisations cannot exhaust memory. */
const MAX_TOKENS = 10_000;

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

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

export class SandboxVault {
  private readonly cards = new Map<string, VaultedCard>();

  /** Stores a valid card and returns its token (call cardEntryProblem first). */
  tokenize(entry: CardEntry): { token: string; last4: string; brand: string } {
    const number = entry.number.replace(/[\s-]/g, '');
    const now = Date.now();
    // Map order is insertion order: drop expired tokens, and the oldest beyond the cap.
    for (const [token, card] of this.cards) {
      if (card.expiresAt > now && this.cards.size < MAX_TOKENS) break;
      this.cards.delete(token);
    }
    const token = `tok_sandbox_${randomBytes(12).toString('hex')}`;
    const card: VaultedCard = { last4: number.slice(-4), brand: brandOf(number), outcome: SANDBOX_TEST_CARDS[number] ?? 'approve', expiresAt: now + TOKEN_TTL_MS };
    this.cards.set(token, card);
    return { token, last4: card.last4, brand: card.brand };
  }

  find(token: string): VaultedCard | undefined {
    const card = this.cards.get(token);
    return card && card.expiresAt > Date.now() ? card : undefined;
  }
}

export const sandboxVault = new SandboxVault();
