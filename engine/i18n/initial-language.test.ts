import { afterEach, describe, expect, it } from 'vitest';
import { initialLanguage, offeredChoice, setServerStoredLanguage } from './i18n.ts';

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

describe("the page's language before its render (the root element the server sends first)", () => {
  it('takes a stored choice only when the portal has it and the tenant offers it, with no state of its own', () => {
    expect(offeredChoice(['en', 'de'], 'en', 'de')).toBe('de');
    expect(offeredChoice(['en', 'de'], 'de', 'fr')).toBe('de');
    expect(offeredChoice(['en', 'de'], 'en', 'xx')).toBe('en');
    expect(offeredChoice(['en', 'de'], 'de', undefined)).toBe('de');
    // The render's own choice is another's: the two never share it.
    setServerStoredLanguage('de');
    expect(offeredChoice(['en', 'de'], 'en', null)).toBe('en');
    setServerStoredLanguage(undefined);
  });
});
