import { useEffect, useState } from 'react';
import { shippedTexts } from '../overrides/text-catalog.ts';

/** The portal's shipped texts in `language` (key → text), once read; null meanwhile. */
export function useShippedTexts(language: string): { texts: ReadonlyMap<string, string> | null; error: unknown } {
  const [texts, setTexts] = useState<ReadonlyMap<string, string> | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    shippedTexts(language).then(
      (read) => current && setTexts(read),
      (failure: unknown) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return { texts, error };
}
