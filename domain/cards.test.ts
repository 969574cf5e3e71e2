import { describe, expect, it } from 'vitest';
import {
  canManageCards,
  cardExpiryDate,
  cardNumberFrom,
  centralDay,
  isLuhnValid,
  isProgramCardNumber,
  luhnCheckDigit,
  maskCardNumber,
  nextCardStatus,
  secureAccessOpen,
  secureAccessUntil,
  statusesAllowing,
} from './cards.ts';

describe('card transitions (spec §4)', () => {
  it('activates requested and activation cards only', () => {
    expect(nextCardStatus('requested', 'activate')).toBe('active');
    expect(nextCardStatus('activation', 'activate')).toBe('active');
    expect(nextCardStatus('active', 'activate')).toBeUndefined();
    expect(nextCardStatus('terminated', 'activate')).toBeUndefined();
  });
  it('terminates any card not yet terminated; termination is final', () => {
    expect(nextCardStatus('active', 'terminate')).toBe('terminated');
    expect(nextCardStatus('requested', 'terminate')).toBe('terminated');
    expect(nextCardStatus('activation', 'terminate')).toBe('terminated');
    expect(nextCardStatus('terminated', 'terminate')).toBeUndefined();
  });
  it('lists the statuses each action starts from', () => {
    expect(statusesAllowing('activate')).toEqual(['requested', 'activation']);
    expect(statusesAllowing('terminate')).toEqual(['active', 'requested', 'activation']);
  });
  it('refuses card changes for inactive and terminated accounts', () => {
    expect(canManageCards('active')).toBe(true);
    expect(canManageCards('inactive')).toBe(false);
    expect(canManageCards('terminated')).toBe(false);
  });
});

describe('card numbers', () => {
  it('masks all but the last four digits', () => {
    expect(maskCardNumber('7083123456781234')).toBe('•••• 1234');
    expect(maskCardNumber('7083 1234 5678 9012')).toBe('•••• 9012');
  });
  it('computes Luhn check digits', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('12a4')).toBe(false);
  });
  it('builds 16-digit Luhn-valid numbers starting 7083', () => {
    for (const digits of ['00000000000', '12345678901', '99999999999', '31415926535']) {
      const number = cardNumberFrom(digits);
      expect(number).toMatch(/^7083\d{12}$/);
      expect(isLuhnValid(number)).toBe(true);
      expect(isProgramCardNumber(number)).toBe(true);
    }
    expect(() => cardNumberFrom('123')).toThrow();
    expect(isProgramCardNumber('4111111111111111')).toBe(false);
  });
});

describe('dates and secure access', () => {
  it('expires a new card at the end of the month 36 months on', () => {
    expect(cardExpiryDate('2026-11-23')).toBe('2029-11-30');
    expect(cardExpiryDate('2026-01-31', 1)).toBe('2026-02-28');
  });
  it('dates by the Central US calendar day', () => {
    expect(centralDay(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
    expect(centralDay(new Date('2026-11-24T07:00:00Z'))).toBe('2026-11-24');
  });
  it('turns the Central US day at its midnight, also for instants of one minute asked in a row', () => {
    // 2026-11-24T06:00Z is midnight in Chicago (UTC-6 in November).
    expect(centralDay(new Date('2026-11-24T05:59:00.000Z'))).toBe('2026-11-23');
    expect(centralDay(new Date('2026-11-24T05:59:59.999Z'))).toBe('2026-11-23');
    expect(centralDay(new Date('2026-11-24T06:00:00.000Z'))).toBe('2026-11-24');
    expect(centralDay(new Date('2026-11-24T06:00:30.000Z'))).toBe('2026-11-24');
    expect(centralDay(new Date('2026-11-24T05:59:30.000Z'))).toBe('2026-11-23');
  });
  it('opens full numbers only until the access expires', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const until = secureAccessUntil(now, 5);
    expect(until.toISOString()).toBe('2026-11-23T15:05:00.000Z');
    expect(secureAccessOpen(until, now)).toBe(true);
    expect(secureAccessOpen(until, until)).toBe(false);
    expect(secureAccessOpen(null, now)).toBe(false);
  });
});
