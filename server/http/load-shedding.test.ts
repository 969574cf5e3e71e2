import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_SHEDDING, parseLoadShedding } from './load-shedding.ts';

describe('parseLoadShedding', () => {
  it("takes the defaults, the environment's numbers, and 0 to turn a measure off", () => {
    expect(parseLoadShedding({})).toEqual(DEFAULT_LOAD_SHEDDING);
    expect(parseLoadShedding({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '0', LOAD_SHED_EVENT_LOOP_UTILIZATION: '0.98' })).toEqual({
      ...DEFAULT_LOAD_SHEDDING,
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.98,
    });
  });

  it('refuses what is not a threshold, naming the variable', () => {
    expect(() => parseLoadShedding({ LOAD_SHED_EVENT_LOOP_DELAY_MS: 'soon' })).toThrow(/LOAD_SHED_EVENT_LOOP_DELAY_MS/);
    expect(() => parseLoadShedding({ LOAD_SHED_EVENT_LOOP_UTILIZATION: '2' })).toThrow(/LOAD_SHED_EVENT_LOOP_UTILIZATION/);
  });
});
