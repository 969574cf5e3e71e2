import { describe, expect, it } from 'vitest';
import { logs } from './log-levels.ts';

describe('log levels (spec §9)', () => {
  it('passes messages at or above the threshold, error by default', () => {
    expect(logs('error')).toBe(true);
    expect(logs('warn')).toBe(false);
    expect(logs('warn', 'warn')).toBe(true);
    expect(logs('info', 'warn')).toBe(false);
    expect(logs('debug', 'debug')).toBe(true);
  });
});
