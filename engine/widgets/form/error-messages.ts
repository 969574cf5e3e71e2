import type { ErrorTransformer } from '@rjsf/utils';
import { ErrorCode } from '../../../domain/error-codes.ts';
import type { Translate } from '../../i18n/use-text.ts';

/** An i18n key with its values; the field's title key is translated into `{{field}}` at display time. */
export interface ErrorText { key: string; values: Record<string, unknown> }

const LIMIT_KEYS: Record<string, string> = {
  minLength: ErrorCode.validationMinLength,
  maxLength: ErrorCode.validationMaxLength,
  minimum: ErrorCode.validationMinimum,
  maximum: ErrorCode.validationMaximum,
  exclusiveMinimum: ErrorCode.validationExclusiveMinimum,
  exclusiveMaximum: ErrorCode.validationExclusiveMaximum,
};

/**
 * spec §5 messages for an ajv error as RJSF reports it:
 * required → errors.validation.required ("{{field}} is required"), format email →
 * errors.validation.email, limits → errors.validation.<keyword> with `{ limit }`.
 */
export function errorText(error: { name?: string; params?: unknown }): ErrorText {
  const params = (error.params ?? {}) as { limit?: unknown; format?: unknown };
  switch (error.name) {
    case 'required': return { key: ErrorCode.fieldRequired, values: {} };
    case 'format': return { key: params.format === 'email' ? ErrorCode.validationEmail : ErrorCode.validationFormat, values: {} };
    case 'pattern': return { key: ErrorCode.validationPattern, values: {} };
    case 'type': return { key: ErrorCode.validationType, values: {} };
    case 'enum': case 'const': case 'oneOf': case 'anyOf': return { key: ErrorCode.validationEnum, values: {} };
  }
  const limitKey = error.name ? LIMIT_KEYS[error.name] : undefined;
  if (limitKey) return { key: limitKey, values: { limit: params.limit } };
  return { key: ErrorCode.validationInvalid, values: {} };
}

/**
 * RJSF `transformErrors`: every message becomes the translated text. The error's `title` is the
 * field's schema title, an i18n key (RJSF takes it from the missing property for `required`).
 */
export function translateErrors(t: Translate): ErrorTransformer {
  return (errors) => errors.map((error) => {
    const { key, values } = errorText(error);
    const message = t(key, { ...values, field: error.title ? t(error.title) : '' });
    return { ...error, message, stack: message };
  });
}
