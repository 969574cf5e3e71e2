/**
 * spec §5 numeric inputs: "at least min, at most max, limited decimals, must be valid, and
 * too-large values that lose precision are refused". Amounts arrive as decimal text (form
 * fields, CSV cells, API strings) and become integers scaled by their decimals (money in minor
 * units, quantities in thousandths) without ever passing through a float.
 */
import { ErrorCode } from './error-codes.ts';

export interface DecimalRule {
  /** Most digits after the point; the result is scaled by 10^decimals. */
  decimals: number;
  /** Bounds in the same scaled units (e.g. cents). */
  minimum: number;
  maximum: number;
}

export type DecimalResult = { ok: true; scaled: number } | { ok: false; code: string; values?: Record<string, unknown> };

/** Plain decimal text: optional minus, digits, optional point and digits. No exponent, no grouping. */
const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$|^(-)?\.(\d+)$/;

/** A scaled integer as decimal text: formatScaled(12345, 2) === '123.45'. */
export function formatScaled(scaled: number, decimals: number): string {
  const sign = scaled < 0 ? '-' : '';
  const digits = String(Math.abs(scaled)).padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * The value of `text` under `rule`, or the spec §5 message that refuses it, in this order:
 * not a number (errors.validation.number), loses precision (errors.validation.precision, beyond
 * Number.MAX_SAFE_INTEGER once scaled), too many decimals (errors.validation.decimals), below the
 * minimum, above the maximum (limits given back as decimal text).
 * parseDecimal('12.5', { decimals: 2, minimum: 0, maximum: 100_00 }) → { ok: true, scaled: 1250 }
 */
export function parseDecimal(text: string, rule: DecimalRule): DecimalResult {
  const match = DECIMAL.exec(text.trim());
  if (!match) return { ok: false, code: ErrorCode.validationNumber };
  const negative = Boolean(match[1] ?? match[4]);
  const whole = match[2] ?? '0';
  const fraction = (match[3] ?? match[5] ?? '').replace(/0+$/, '');
  const padded = fraction.padEnd(rule.decimals, '0');
  const scaledBig = BigInt(whole + padded.slice(0, Math.max(rule.decimals, 0)));
  if (scaledBig > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, code: ErrorCode.validationPrecision };
  if (fraction.length > rule.decimals) return { ok: false, code: ErrorCode.validationDecimals, values: { limit: rule.decimals } };
  const scaled = negative ? -Number(scaledBig) : Number(scaledBig);
  if (scaled < rule.minimum)
    return { ok: false, code: ErrorCode.validationMinimum, values: { limit: formatScaled(rule.minimum, rule.decimals) } };
  if (scaled > rule.maximum)
    return { ok: false, code: ErrorCode.validationMaximum, values: { limit: formatScaled(rule.maximum, rule.decimals) } };
  return { ok: true, scaled: scaled === 0 ? 0 : scaled };
}
