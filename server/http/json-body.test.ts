import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike, at the limit and one past it', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
  });

  it('counts depth, not the number of brackets side by side', () => {
    expect(nestsDeeperThan(`[${'[],'.repeat(10_000)}[]]`, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}\\\\"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`["\\\\",${'['.repeat(5)}`, 3)).toBe(true);
  });

  it('scans 8,000 levels without recursion', () => {
    expect(nestsDeeperThan(`${'['.repeat(8_000)}${']'.repeat(8_000)}`, 32)).toBe(true);
  });
});
