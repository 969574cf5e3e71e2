import { describe, expect, it } from 'vitest';
import { renderLegacyPage } from '../legacy/pages.ts';
import { renderEmail } from '../mail/templates.ts';
import { localeText, textLanguage, textsIn } from './locale-text.ts';

describe("the server's texts (i18next over locales/ read at start)", () => {
  it('reads "namespace.path" keys in the language, English for an unknown one', () => {
    expect(localeText('de', 'cardField.number')).toBe('Kartennummer');
    expect(localeText('de-AT', 'cardField.number')).toBe('Kartennummer');
    expect(localeText('xx', 'cardField.number')).toBe('Card number');
    expect(localeText(null, 'cardField.number')).toBe('Card number');
    expect(textLanguage('FR-fr')).toBe('fr');
  });

  it('answers the whole key for a text that exists nowhere', () => {
    expect(localeText('de', 'cardField.noSuchText')).toBe('cardField.noSuchText');
  });

  it('interpolates without escaping (mail is plain text) and keeps an unknown placeholder', () => {
    const mail = renderEmail('reset', 'en', {
      name: '<Ann & "Bob">',
      username: 'ann',
      portal: 'Portal',
      link: 'http://x/?a=1&b=2',
      minutes: 30,
    });
    expect(mail.subject).toBe('Reset your password for Portal');
    expect(mail.text).toContain('Hello <Ann & "Bob">,');
    expect(mail.text).toContain('http://x/?a=1&b=2');
    expect(textsIn('en')('email.recovery.resetSubject')).toBe('Reset your password for {{portal}}');
  });

  it('renders a legacy page escaped, and only locations that are pages (never a path into the texts)', () => {
    const page = renderLegacyPage('terms', 'de');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Bedingungen des Handelskreditprogramms</h1>');
    expect(page.html.match(/<p>/g)).toHaveLength(3);
    for (const location of ['constructor', '__proto__', 'terms.title', 'pages', 'toString']) {
      expect(renderLegacyPage(location, 'de').status, location).toBe(404);
    }
    expect(renderLegacyPage('nothing', 'fr').html).toContain('<html lang="fr">');
  });
});
