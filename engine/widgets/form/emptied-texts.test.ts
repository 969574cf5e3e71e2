import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { withEmptiedTexts } from './emptied-texts.ts';

const schema: RJSFSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, description: { type: 'string' }, limit: { type: 'number' }, customers: { type: 'array' } },
};

describe('texts emptied in an edit form', () => {
  it('sends a text the record had and the form left out as "", so the PATCH clears it', () => {
    expect(withEmptiedTexts({ name: 'East' }, { name: 'East', description: 'Northern depots' }, schema)).toEqual({
      name: 'East',
      description: '',
    });
  });

  it('leaves alone what was empty before, what is still there, and what is not a text', () => {
    const data = { name: 'East', customers: [] };
    expect(withEmptiedTexts(data, { name: 'West', description: '', limit: 5, customers: ['C-1001'] }, schema)).toBe(data);
  });
});
