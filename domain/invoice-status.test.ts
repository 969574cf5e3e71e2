import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, isInvoiceStatus, isPayable, parseInvoiceStatus } from './invoice-status.ts';

describe('invoice statuses (spec §4)', () => {
  it('lists the ten statuses', () => {
    expect(INVOICE_STATUSES).toEqual([
      'Billed',
      'Past Due',
      'Pending',
      'Payment Pending',
      'Paid',
      'Unbilled',
      'Disputed',
      'On hold',
      'Adjusted',
      'Terminated',
    ]);
    expect(isInvoiceStatus('On hold')).toBe(true);
    expect(isInvoiceStatus('On Hold')).toBe(false);
    expect(isInvoiceStatus('due')).toBe(false);
  });

  it('reads a status from a filter or route segment regardless of case and separators', () => {
    expect(parseInvoiceStatus('Past Due')).toBe('Past Due');
    expect(parseInvoiceStatus('past-due')).toBe('Past Due');
    expect(parseInvoiceStatus('PAST_DUE')).toBe('Past Due');
    expect(parseInvoiceStatus(' payment  pending ')).toBe('Payment Pending');
    expect(parseInvoiceStatus('on-hold')).toBe('On hold');
    for (const status of INVOICE_STATUSES) expect(parseInvoiceStatus(status)).toBe(status);
    expect(parseInvoiceStatus('pastdue')).toBeUndefined();
    expect(parseInvoiceStatus('')).toBeUndefined();
    expect(parseInvoiceStatus('unpaid')).toBeUndefined();
  });

  it('payable only when Billed or Past Due; never Pending, Payment Pending or Paid', () => {
    const payable = INVOICE_STATUSES.filter((status) => isPayable(status));
    expect(payable).toEqual(['Billed', 'Past Due']);
    for (const status of ['Pending', 'Payment Pending', 'Paid', 'Disputed', 'On hold', 'Unbilled', 'Adjusted', 'Terminated']) {
      expect(isPayable(status), status).toBe(false);
    }
    expect(isPayable('billed')).toBe(false);
  });
});
