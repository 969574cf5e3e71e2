import { Autocomplete } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useText } from '../../engine/i18n/use-text.ts';
import { searchTexts } from '../overrides/text-catalog.ts';

/**
 * A label as a text key: the operator picks another existing key (by its key or its words); the
 * screen only changes once the input names a key the portal has, so a half-typed key never
 * reaches the draft. The key's text in the studio's language shows below it.
 */
export function TextKeyInput({
  label,
  value,
  texts,
  disabled,
  hideLabel = false,
  onChange,
}: {
  label: string;
  /** In a table row whose header names it already: the label is for assistive technology only. */
  hideLabel?: boolean;
  value: string;
  texts: ReadonlyMap<string, string>;
  disabled: boolean;
  onChange(key: string): void;
}) {
  const { t } = useText();
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const options = useMemo(() => searchTexts(texts, typed === value ? '' : typed, 20).map(([key]) => key), [texts, typed, value]);
  const known = texts.has(typed);
  return (
    <Autocomplete
      size="xs"
      {...(hideLabel ? { 'aria-label': label } : { label })}
      value={typed}
      data={options}
      filter={({ options: all }) => all}
      disabled={disabled}
      description={known ? texts.get(typed) : undefined}
      error={known ? undefined : t('studioUi.screens.unknownKey')}
      onChange={(next) => {
        setTyped(next);
        if (texts.has(next) && next !== value) onChange(next);
      }}
    />
  );
}
