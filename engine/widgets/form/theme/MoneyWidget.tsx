import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { TextField } from '../fields/TextField.tsx';
import { eventsOf, specOf } from './field-text.tsx';

/**
 * An amount typed in major units ("1234.56", or "1234,56") kept as integer minor units (123456),
 * as the API and `domain/` hold money (spec §9: two decimals). A third decimal gives a value
 * that is not whole, so the form's rules refuse it with their own message; an empty input is
 * undefined (required rules say so).
 * `"ui:widget": "money"`
 */
export function minorFromText(text: string): number | undefined {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return undefined;
  const normal = compact.includes('.') ? compact.replace(/,/g, '') : compact.replace(',', '.');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(normal);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return Number.NaN;
  const [, sign, whole, fraction = ''] = match;
  // Exact for up to two decimals (no 0.29 × 100 = 28.999…); more decimals stay fractional.
  const cents =
    Number(whole || '0') * 100 +
    Number(`${fraction.slice(0, 2).padEnd(2, '0')}`) +
    (fraction.length > 2 ? Number(`0.${fraction.slice(2)}`) : 0);
  return sign ? -cents : cents;
}

export function textFromMinor(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? (value / 100).toFixed(2) : '';
}

export default function MoneyWidget(props: WidgetProps) {
  const { value } = props;
  const events = eventsOf<number>(props);
  const [text, setText] = useState(() => textFromMinor(value));
  // Follow a value set from outside (initial data, a reset) without rewriting what is being typed.
  useEffect(() => {
    setText((current) => (Object.is(minorFromText(current), value) ? current : textFromMinor(value)));
  }, [value]);
  return (
    <TextField
      spec={specOf(props)}
      value={text}
      inputProps={{ type: 'text' }}
      autoComplete="off"
      onChange={(typed) => {
        setText(typed ?? '');
        events.onChange(minorFromText(typed ?? ''));
      }}
      onBlur={() => events.onBlur?.(minorFromText(text))}
      onFocus={() => events.onFocus?.(minorFromText(text))}
    />
  );
}
