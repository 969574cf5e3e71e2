/**
 * Card rules of spec §4 (states, termination reasons, inactive accounts) and §6 (the full
 * number only after re-entering the password). Pure: the server enforces them, the portal
 * uses them to offer only the actions that will succeed.
 */

export const CARD_STATUSES = ['active', 'terminated', 'requested', 'activation'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** spec §4: damaged, lost, stolen, no longer needed (stored snake_cased). */
export const TERMINATION_REASONS = ['damaged', 'lost', 'stolen', 'no_longer_needed'] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];

export type CardAction = 'activate' | 'terminate';
export type AccountStatus = 'active' | 'inactive' | 'terminated';

/** Program cards are 16 digits starting 7083, the last one a Luhn check digit. */
export const CARD_PREFIX = '7083';
export const CARD_NUMBER_LENGTH = 16;
/** A new card is valid to the end of the month this many months ahead. */
export const CARD_VALIDITY_MONTHS = 36;

export function isCardStatus(value: string): value is CardStatus {
  return (CARD_STATUSES as readonly string[]).includes(value);
}

/**
 * spec §4: "Cards cannot be requested or terminated for inactive accounts." Inactive and
 * terminated accounts are both not active; no card may change for them.
 */
export function canManageCards(accountStatus: AccountStatus): boolean {
  return accountStatus === 'active';
}

/**
 * spec §4: a requested card is mailed (requested → activation) and then activated by the
 * holder; the portal may activate from either state. Any card not yet terminated can be
 * terminated; termination is final.
 * nextCardStatus('requested', 'activate') === 'active'; nextCardStatus('terminated', 'terminate') === undefined
 */
export function nextCardStatus(current: CardStatus, action: CardAction): CardStatus | undefined {
  if (action === 'activate') return current === 'requested' || current === 'activation' ? 'active' : undefined;
  return current === 'terminated' ? undefined : 'terminated';
}

/** The statuses from which `action` is allowed (for a guarded UPDATE ... WHERE status IN ...). */
export function statusesAllowing(action: CardAction): CardStatus[] {
  return CARD_STATUSES.filter((status) => nextCardStatus(status, action) !== undefined);
}

/** Lists show only the last four digits: maskCardNumber('7083123456781234') === '•••• 1234'. */
export function maskCardNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

/** The Luhn check digit for a string of digits (the digit to append). */
export function luhnCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('luhnCheckDigit expects digits only');
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    // Counting from the right of the body, every first digit is doubled (it becomes the second once the check digit is appended).
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(number: string): boolean {
  if (!/^\d{2,}$/.test(number)) return false;
  return luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}

/**
 * A program card number from 11 random digits: 7083 + digits + Luhn check digit.
 * The caller supplies the randomness so this stays pure and testable.
 */
export function cardNumberFrom(randomDigits: string): string {
  const bodyLength = CARD_NUMBER_LENGTH - CARD_PREFIX.length - 1;
  if (!new RegExp(`^\\d{${bodyLength}}$`).test(randomDigits)) {
    throw new Error(`cardNumberFrom expects ${bodyLength} digits`);
  }
  const body = CARD_PREFIX + randomDigits;
  return body + luhnCheckDigit(body);
}

export function isProgramCardNumber(number: string): boolean {
  return number.length === CARD_NUMBER_LENGTH && number.startsWith(CARD_PREFIX) && isLuhnValid(number);
}

/** Last day of the month `months` after the month of `today` ('YYYY-MM-DD'). */
export function cardExpiryDate(today: string, months = CARD_VALIDITY_MONTHS): string {
  const date = new Date(`${today}T00:00:00Z`);
  const end = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months + 1, 0));
  return end.toISOString().slice(0, 10);
}

/** spec §9: "Some dates use Central US time" — a termination is dated by the Central calendar day. */
export function centralDay(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** spec §6: the full number shows only while the password re-entry is fresh. */
export function secureAccessOpen(secureUntil: Date | string | null | undefined, now: Date): boolean {
  if (secureUntil === null || secureUntil === undefined) return false;
  return new Date(secureUntil).getTime() > now.getTime();
}

/** When a password re-entry at `now` stops granting access to full numbers. */
export function secureAccessUntil(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}
