import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type LanguageCode } from '../../domain/tenant.ts';

/**
 * The legacy pages the portal frames (spec §2 /cgi-bin/{location}, /frame/{location}), served
 * at /legacy/{location} as plain documents. Their texts live with the portal's translations
 * (locales/<lang>/legacy.json, namespace `legacy`): a page exists when its texts do.
 */
interface LegacyPage { title: string; heading: string; [paragraph: `paragraph${number}`]: string }
interface LegacyTexts { pages: Record<string, LegacyPage | undefined>; notFound: { title: string; text: string } }

const LOCALES = fileURLToPath(new URL('../../locales/', import.meta.url));
const cache = new Map<LanguageCode, LegacyTexts>();

function textsFor(language: LanguageCode): LegacyTexts {
  let texts = cache.get(language);
  if (!texts) {
    texts = JSON.parse(readFileSync(`${LOCALES}${language}/legacy.json`, 'utf8')) as LegacyTexts;
    cache.set(language, texts);
  }
  return texts;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function document(language: LanguageCode, title: string, body: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/legacy.css"></head>`,
    `<body><main>${body.join('')}</main></body>`,
    '</html>',
  ].join('\n');
}

export function legacyLanguage(language: string | null | undefined, fallback: LanguageCode): LanguageCode {
  const code = (language ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? code as LanguageCode : fallback;
}

/** The page's HTML in `language`, or the not-found document (status 404) for an unknown location. */
export function renderLegacyPage(location: string, language: LanguageCode): { status: 200 | 404; html: string } {
  const texts = textsFor(language);
  const page = Object.hasOwn(texts.pages, location) ? texts.pages[location] : undefined;
  if (!page) {
    return { status: 404, html: document(language, texts.notFound.title, [`<h1>${escapeHtml(texts.notFound.title)}</h1>`, `<p>${escapeHtml(texts.notFound.text)}</p>`]) };
  }
  const paragraphs = Object.keys(page).filter((key) => /^paragraph\d+$/.test(key)).sort((a, b) => Number(a.slice(9)) - Number(b.slice(9)))
    .map((key) => `<p>${escapeHtml(page[key as `paragraph${number}`] ?? '')}</p>`);
  return { status: 200, html: document(language, page.title, [`<h1>${escapeHtml(page.heading)}</h1>`, ...paragraphs]) };
}
