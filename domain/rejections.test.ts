import { describe, expect, it } from 'vitest';
import {
  canAct,
  correctableFields,
  maskCardIdentifier,
  refusedRejections,
  simulatedProcessing,
  SLOW_PROCESSING_MS,
  STATUS_AFTER,
  uncorrectableFields,
} from './rejections.ts';

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
    expect(
      refusedRejections(
        [
          { rejection_id: 5, status: 'resubmitted' },
          { rejection_id: 1, status: 'active' },
          { rejection_id: 4, status: 'cancelled' },
        ],
        'cancel',
      ),
    ).toEqual([5, 4]));
  it('maps each action to its status', () => expect(STATUS_AFTER).toEqual({ cancel: 'cancelled', resubmit: 'resubmitted' }));
});

describe('maskCardIdentifier', () => {
  it('keeps only the last four characters', () => {
    expect(maskCardIdentifier('7083********4821')).toBe('************4821');
    expect(maskCardIdentifier('7083123412344821')).toBe('************4821');
    expect(maskCardIdentifier('4821')).toBe('4821');
  });
});

describe('corrections by rejection reason', () => {
  it('names the fields each reason concerns, ignoring case', () => {
    expect(correctableFields('Missing odometer reading')).toEqual(['odometer']);
    expect(correctableFields(' product NOT allowed on card ')).toEqual(['product']);
    expect(correctableFields('Invalid PIN')).toEqual(['driver_id']);
    expect(correctableFields('Over credit limit')).toEqual([]);
  });
  it('finds corrections the reason does not concern; a comment is always allowed', () => {
    expect(uncorrectableFields('Invalid PIN', { driver_id: 'D-1', product: 'Diesel', comment: 'x' })).toEqual(['product']);
    expect(uncorrectableFields('Over credit limit', { comment: 'please retry' })).toEqual([]);
    expect(uncorrectableFields('Missing odometer reading', { odometer: 0 })).toEqual([]);
  });
  it('simulates the program: slow, not found and no access transactions', () => {
    expect(simulatedProcessing('R-1001-0001')).toEqual({ delayMs: 0, outcome: 'completed' });
    expect(simulatedProcessing('R-1-slow')).toEqual({ delayMs: SLOW_PROCESSING_MS, outcome: 'completed' });
    expect(simulatedProcessing('R-1-GONE').outcome).toBe('errors.invoices.notFound');
    expect(simulatedProcessing('R-1-LOCKED').outcome).toBe('errors.invoices.noAccess');
  });
});
