import { describe, expect, it } from 'vitest';
import {
  format,
  formatCurrency,
  formatDay,
  formatFileSize,
  formatInstant,
  disputeContactTypeKey,
  disputeReasonKey,
  formatPhone,
  documentTypeKey,
  statusKey,
  type FormatContext,
} from './formatters.ts';

const context: FormatContext = { locale: 'en-US', timeZone: 'America/Chicago', translate: (key) => `t(${key})` };

describe('formatters', () => {
  it('formats minor units as currency with two decimals in the locale', () => {
    expect(formatCurrency(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatCurrency(100, 'EUR', 'de-DE').replace(/\s/g, ' ')).toBe('1,00 €');
    expect(formatCurrency(-5, 'USD', 'en-US')).toBe('-$0.05');
  });
  it('keeps calendar days on their day in every zone', () => {
    expect(formatDay('2026-11-23', 'en-US')).toBe('Nov 23, 2026');
  });
  it('shows calendar months in the locale', () => {
    expect(format('month', '2026-03', context)).toBe('Mar 2026');
    expect(format('month', '2025-12', { ...context, locale: 'de-DE' })).toBe('Dez. 2025');
    expect(format('month', 'soon', context)).toBe('soon');
  });
  it('shows instants in US Central time where the spec asks', () => {
    // 03:00 UTC on the 24th is still the 23rd in Chicago.
    expect(formatInstant('2026-11-24T03:00:00Z', 'en-US', 'America/Chicago', false)).toBe('Nov 23, 2026');
    expect(formatInstant('2026-11-24T03:00:00Z', 'en-US', 'America/Chicago', true)).toMatch(/CST/);
  });
  it('uses base-1000 file sizes', () => {
    expect(formatFileSize(999, 'en')).toBe('999 B');
    expect(formatFileSize(1500, 'en')).toBe('1.5 kB');
    expect(formatFileSize(5_000_000, 'en')).toBe('5 MB');
  });
  it('formats phones 3-3-4', () => {
    expect(formatPhone('8005550199')).toBe('800-555-0199');
    expect(formatPhone('(800) 555 0199')).toBe('800-555-0199');
    expect(formatPhone('12345')).toBe('12345');
  });
  it('translates statuses by key', () => {
    expect(statusKey('Past Due')).toBe('common.status.pastDue');
    expect(statusKey('waiting on customer')).toBe('common.status.waitingOnCustomer');
    expect(format('status', 'Payment Pending', context)).toBe('t(common.status.paymentPending)');
  });
  it('translates document types by key, and shows a type the portal has no text for as the API names it', () => {
    expect(documentTypeKey('Proof of delivery')).toBe('common.documentTypes.proofOfDelivery');
    expect(format('documentType', 'Other', context)).toBe('t(common.documentTypes.other)');
    const missing: FormatContext = { ...context, translate: (key) => key };
    expect(format('documentType', 'Customs declaration', missing)).toBe('Customs declaration');
  });
  it('translates dispute reasons by key, the same way', () => {
    expect(disputeReasonKey('Goods not received')).toBe('common.disputeReasons.goodsNotReceived');
    expect(format('disputeReason', 'Other', context)).toBe('t(common.disputeReasons.other)');
    expect(format('disputeReason', 'Late delivery', { ...context, translate: (key) => key })).toBe('Late delivery');
    expect(disputeContactTypeKey('Billing')).toBe('disputes.contactTypes.Billing');
    expect(format('disputeContactType', 'Primary', context)).toBe('t(disputes.contactTypes.Primary)');
  });
  it('dispatches by formatter name and leaves empty values empty', () => {
    expect(format('currency', 2500, { ...context, currency: 'CAD' })).toBe('CA$25.00');
    expect(format('phone', null, context)).toBe('');
    expect(format('yesNo', 'Y', context)).toBe('t(common.yes)');
  });
});
