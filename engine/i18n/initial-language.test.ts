import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe("the browser's language", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A browser whose local storage holds `stored` under the portal's key and whose cookies are `cookie`. */
  function browserWith(stored: string | null, cookie: string) {
    const page = { cookie };
    vi.stubGlobal('localStorage', { getItem: () => stored, setItem: () => undefined });
    vi.stubGlobal('document', page);
    vi.stubGlobal('location', { protocol: 'http:' });
    return page;
  }

  it('is the choice in local storage, and copies it into the cookie the server reads', () => {
    const page = browserWith('de', 'portal_locale=fr');
    expect(initialLanguage(['en', 'de', 'fr'], 'en')).toBe('de');
    expect(page.cookie).toMatch(/^portal_locale=de;/);
  });

  it("is the cookie's copy when local storage holds no choice, as the server rendered the page", () => {
    browserWith(null, 'other=1; portal_locale=de');
    expect(initialLanguage(['en', 'de'], 'en')).toBe('de');
  });

  it("is the tenant's default with neither, or with a cookie the tenant does not offer", () => {
    browserWith(null, 'other=1');
    expect(initialLanguage(['en', 'de'], 'en')).toBe('en');
    browserWith(null, 'portal_locale=fr');
    expect(initialLanguage(['en', 'de'], 'de')).toBe('de');
  });
});
