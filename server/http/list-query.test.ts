import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { listQuerystring, MAX_PAGE_SIZE, PAGE_NUMBER_PATTERN, PAGE_SIZE_PATTERN, parseListQuery } from './list-query.ts';

const spec = {
  filters: ['status'] as const,
  sorts: ['due_date', 'amount'] as const,
  defaultSort: [{ field: 'due_date', direction: 'asc' }] as const,
};
const validate = new Ajv({ strict: false }).compile(listQuerystring(spec));

describe('listQuerystring: the schema of what parseListQuery reads', () => {
  it('takes page[size] from 1 to MAX_PAGE_SIZE exactly, and page[number] from 1', () => {
    const size = new RegExp(PAGE_SIZE_PATTERN, 'u');
    expect([1, 50, MAX_PAGE_SIZE].map((n) => size.test(String(n)))).toEqual([true, true, true]);
    expect(['0', String(MAX_PAGE_SIZE + 1), '01', 'x'].map((n) => size.test(n))).toEqual([false, false, false, false]);
    expect(['1', '999999'].map((n) => new RegExp(PAGE_NUMBER_PATTERN, 'u').test(n))).toEqual([true, true]);
  });

  it('accepts what parseListQuery accepts and refuses unknown parameters and sorts', () => {
    const good = { 'filter[status]': 'Billed', 'filter[sort]': 'amount|desc,due_date', 'page[number]': '2', 'page[size]': '100' };
    expect(validate(good)).toBe(true);
    expect(parseListQuery(good, spec).sort).toEqual([
      { field: 'amount', direction: 'desc' },
      { field: 'due_date', direction: 'asc' },
    ]);
    for (const bad of [{ 'filter[unknown]': 'x' }, { 'filter[sort]': 'status' }, { 'filter[sort]': 'amount|up' }, { 'page[size]': '0' }]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
