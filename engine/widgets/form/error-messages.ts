import type { ErrorTransformer } from '@rjsf/utils';
import type { ErrorCodeKey } from '../../../domain/error-codes.ts';
import type { Translate } from '../../i18n/use-text.ts';

/** An i18n key with its values; the field's title key is translated into `{{field}}` at display time. */
export interface ErrorText {
  key: string;
  values: Record<string, unknown>;
}

// The catalogue's validation keys (domain/error-codes.ts) written out, each checked against it
// by the type checker (ErrorCodeKey): the sign-in pages carry these few, not the whole catalogue.
const LIMIT_KEYS: Record<string, ErrorCodeKey> = {
  minLength: 'errors.validation.minLength',
  maxLength: 'errors.validation.maxLength',
  minimum: 'errors.validation.minimum',
  maximum: 'errors.validation.maximum',
  exclusiveMinimum: 'errors.validation.exclusiveMinimum',
  exclusiveMaximum: 'errors.validation.exclusiveMaximum',
};
const message = (key: ErrorCodeKey, values: Record<string, unknown> = {}): ErrorText => ({ key, values });

/**
 * spec §5 messages for an ajv error as RJSF reports it:
 * required → errors.validation.required ("{{field}} is required"), format email →
 * errors.validation.email, limits → errors.validation.<keyword> with `{ limit }`.
 */
export function errorText(error: { name?: string; params?: unknown }): ErrorText {
  const params = (error.params ?? {}) as { limit?: unknown; format?: unknown };
  switch (error.name) {
    case 'required':
      return message('errors.validation.required');
    case 'format':
      return message(params.format === 'email' ? 'errors.validation.email' : 'errors.validation.format');
    case 'pattern':
      return message('errors.validation.pattern');
    case 'type':
      return message('errors.validation.type');
    case 'enum':
    case 'const':
    case 'oneOf':
    case 'anyOf':
      return message('errors.validation.enum');
  }
  const limitKey = error.name ? LIMIT_KEYS[error.name] : undefined;
  if (limitKey) return message(limitKey, { limit: params.limit });
  return message('errors.validation.invalid');
}

/**
 * RJSF `transformErrors`: every message becomes the translated text. The error's `title` is the
 * field's schema title, an i18n key (RJSF takes it from the missing property for `required`).
 */
export function translateErrors(t: Translate): ErrorTransformer {
  return (errors) =>
    errors.map((error) => {
      const { key, values } = errorText(error);
      const message = t(key, { ...values, field: error.title ? t(error.title) : '' });
      return { ...error, message, stack: message };
    });
}
