import { describe, expect, it } from 'vitest';
import { canAct, maskCardIdentifier, refusedRejections, STATUS_AFTER } from './rejections.ts';

describe('rejection actions (spec §4)', () => {
  it('only active rejections can be cancelled or resubmitted', () => {
    expect(canAct('active', 'cancel')).toBe(true);
    expect(canAct('active', 'resubmit')).toBe(true);
    expect(canAct('cancelled', 'resubmit')).toBe(false); // cancelling is permanent
    expect(canAct('cancelled', 'cancel')).toBe(false);
    expect(canAct('resubmitted', 'resubmit')).toBe(false);
    expect(canAct('resubmitted', 'cancel')).toBe(false);
  });
  it('names the refused ids in the order given', () =>
    expect(refusedRejections([
      { rejection_id: 5, status: 'resubmitted' }, { rejection_id: 1, status: 'active' }, { rejection_id: 4, status: 'cancelled' },
    ], 'cancel')).toEqual([5, 4]));
  it('maps each action to its status', () => expect(STATUS_AFTER).toEqual({ cancel: 'cancelled', resubmit: 'resubmitted' }));
});

describe('maskCardIdentifier', () => {
  it('keeps only the last four characters', () => {
    expect(maskCardIdentifier('7083********4821')).toBe('************4821');
    expect(maskCardIdentifier('7083123412344821')).toBe('************4821');
    expect(maskCardIdentifier('4821')).toBe('4821');
  });
});
