import { describe, expect, it } from 'vitest';
import { unifiedLineDiff } from './line-diff.ts';

const lines = (count: number, changed: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, index) => changed[index] ?? `line ${index + 1}`).join('\n');

describe('unifiedLineDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedLineDiff('a\nb\n', 'a\nb\n')).toBe('');
  });

  it('gives a removed line with three lines of context, as diff -u does', () => {
    const before = lines(10);
    const after = lines(10).replace('line 5\n', '');
    expect(unifiedLineDiff(before, after)).toBe(
      ['@@ -2,7 +2,6 @@', ' line 2', ' line 3', ' line 4', '-line 5', ' line 6', ' line 7', ' line 8', ''].join('\n'),
    );
  });

  it('leaves long unchanged runs out between two hunks', () => {
    const diff = unifiedLineDiff(lines(30), lines(30, { 1: 'changed 2', 27: 'changed 28' }));
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual(['@@ -1,5 +1,5 @@', '@@ -25,6 +25,6 @@']);
    expect(diff).toContain('-line 2\n+changed 2');
    expect(diff).not.toContain('line 15');
  });

  it('diffs from and to an empty text', () => {
    expect(unifiedLineDiff('', 'a\nb')).toBe('@@ -0,0 +1,2 @@\n+a\n+b\n');
    expect(unifiedLineDiff('a', '')).toBe('@@ -1,1 +0,0 @@\n-a\n');
  });
});
