import { afterEach, describe, expect, it } from 'vitest';
import { initialLanguage, setServerStoredLanguage } from './i18n.ts';

describe("the server render's language", () => {
  afterEach(() => setServerStoredLanguage(undefined));

  // The browser's choice lives in its local storage (spec §1); its cookie copy is what the server reads.
  it('is the choice the browser copied into its cookie, when the tenant offers it', () => {
    setServerStoredLanguage('de');
    expect(initialLanguage(['en', 'de'], 'en')).toBe('de');
  });

  it("is the tenant's default without a choice, or with one the tenant does not offer or the portal does not have", () => {
    expect(initialLanguage(['en', 'de'], 'en')).toBe('en');
    setServerStoredLanguage('fr');
    expect(initialLanguage(['en', 'de'], 'de')).toBe('de');
    setServerStoredLanguage('xx');
    expect(initialLanguage(['en', 'de'], 'en')).toBe('en');
  });
});
