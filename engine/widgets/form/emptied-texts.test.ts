import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { withEmptiedTexts } from './emptied-texts.ts';

const schema: RJSFSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, oidc_issuer: { type: 'string' }, limit: { type: 'number' }, customers: { type: 'array' } },
};

describe('texts emptied in an edit form', () => {
  it('sends a text the record had and the form left out as "", so the PATCH clears it', () => {
    expect(withEmptiedTexts({ name: 'East' }, { name: 'East', oidc_issuer: 'https://idp.example' }, schema))
      .toEqual({ name: 'East', oidc_issuer: '' });
  });

  it('leaves alone what was empty before, what is still there, and what is not a text', () => {
    const data = { name: 'East', customers: [] };
    expect(withEmptiedTexts(data, { name: 'West', oidc_issuer: '', limit: 5, customers: ['C-1001'] }, schema)).toBe(data);
  });
});
