import type { RJSFValidationError } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { errorText, translateErrors } from './error-messages.ts';

const error = (name: string, params: Record<string, unknown> = {}, title = 'auth.fields.username'): RJSFValidationError => ({
  name,
  params,
  property: '.username',
  stack: 'x',
  message: 'ajv text',
  title,
});

describe('validation error messages', () => {
  it.each([
    ['required', {}, 'errors.validation.required', {}],
    ['format', { format: 'email' }, 'errors.validation.email', {}],
    ['format', { format: 'date' }, 'errors.validation.format', {}],
    ['pattern', { pattern: '^\\d{9}$' }, 'errors.validation.pattern', {}],
    ['minLength', { limit: 3 }, 'errors.validation.minLength', { limit: 3 }],
    ['maxLength', { limit: 100 }, 'errors.validation.maxLength', { limit: 100 }],
    ['minimum', { limit: 0, comparison: '>=' }, 'errors.validation.minimum', { limit: 0 }],
    ['maximum', { limit: 10, comparison: '<=' }, 'errors.validation.maximum', { limit: 10 }],
    ['exclusiveMinimum', { limit: 0 }, 'errors.validation.exclusiveMinimum', { limit: 0 }],
    ['type', { type: 'string' }, 'errors.validation.type', {}],
    ['enum', {}, 'errors.validation.enum', {}],
    ['uniqueItems', {}, 'errors.validation.invalid', {}],
  ])('%s %j → %s', (name, params, key, values) => {
    expect(errorText(error(name, params))).toEqual({ key, values });
  });

  it('translates the message with the field title and limit', () => {
    const t = (key: string, values?: Record<string, unknown>) =>
      key === 'auth.fields.username' ? 'Username' : `${key} ${JSON.stringify(values)}`;
    const [required, tooLong] = translateErrors(t)([error('required'), error('maxLength', { limit: 100 })]);
    expect(required).toMatchObject({
      message: 'errors.validation.required {"field":"Username"}',
      stack: 'errors.validation.required {"field":"Username"}',
      property: '.username',
    });
    expect(tooLong!.message).toBe('errors.validation.maxLength {"limit":100,"field":"Username"}');
  });
});
