import { describe, expect, it } from 'vitest';
import { correctionsOf, draftProblems, initialDraft, isDirty } from './corrections.ts';

describe("the rejection centre's correction draft", () => {
  it("starts from the rejection's values of the fields its reason concerns, and an empty comment", () => {
    expect(initialDraft(['odometer'], { odometer: 1200, product: 'Diesel' })).toEqual({ odometer: '1200', comment: '' });
    expect(initialDraft(['vehicle_id'], { vehicle_id: null })).toEqual({ vehicle_id: '', comment: '' });
  });

  it("requires the concerned fields and checks the API's limits", () => {
    expect(draftProblems(['odometer'], { odometer: ' ' })).toEqual([
      { field: 'odometer', code: 'errors.validation.required', values: { field: 'rejections.fields.odometer' } },
    ]);
    expect(draftProblems(['odometer'], { odometer: '12.5' }).map((problem) => problem.code)).toEqual(['errors.validation.type']);
    expect(draftProblems(['odometer'], { odometer: '10000000' })[0]).toMatchObject({
      code: 'errors.validation.maximum',
      values: { limit: 9_999_999 },
    });
    expect(draftProblems(['product'], { product: 'x'.repeat(65) })[0]).toMatchObject({
      code: 'errors.validation.maxLength',
      values: { limit: 64 },
    });
    expect(draftProblems(['driver_id'], { driver_id: 'D-7', comment: 'y'.repeat(501) }).map((problem) => problem.field)).toEqual([
      'comment',
    ]);
    expect(draftProblems(['odometer', 'vehicle_id'], { odometer: '0', vehicle_id: 'TRK-1' })).toEqual([]);
  });

  it('sends the concerned fields trimmed, the odometer as a number, the comment only when given', () => {
    expect(correctionsOf(['odometer'], { odometer: ' 81234 ', comment: '' })).toEqual({ odometer: 81234 });
    expect(correctionsOf(['product'], { product: ' Reefer diesel ', comment: ' checked with driver ' })).toEqual({
      product: 'Reefer diesel',
      comment: 'checked with driver',
    });
    expect(correctionsOf([], { comment: '' })).toEqual({});
  });

  it('knows when the user changed something', () => {
    const initial = { odometer: '1200', comment: '' };
    expect(isDirty(initial, { ...initial })).toBe(false);
    expect(isDirty(initial, { ...initial, comment: 'x' })).toBe(true);
  });
});
