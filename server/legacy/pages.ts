import { LANGUAGES, type LanguageCode } from '../../common/locales.ts';
import { textsIn } from '../i18n/locale-text.ts';

/**
 * The legacy pages the portal frames (spec §2 /cgi-bin/{location}, /frame/{location}), served
 * at /legacy/{location} as plain documents. Their texts live with the portal's translations
 * (locales/<lang>/legacy.json, namespace `legacy`, read through i18next): a page exists when its
 * texts do.
 */
type LegacyPage = Record<string, unknown>;

/** The pages of `legacy.pages` in `language`; the location is a URL segment, so only own names count. */
function pageNames(language: LanguageCode): string[] {
  const pages: unknown = textsIn(language)('legacy.pages', { returnObjects: true });
  return pages && typeof pages === 'object' ? Object.keys(pages as LegacyPage) : [];
}

/** paragraph1, paragraph2… in order. */
function paragraphKeys(page: LegacyPage): string[] {
  return Object.keys(page)
    .filter((key) => /^paragraph\d+$/.test(key))
    .sort((a, b) => Number(a.slice(9)) - Number(b.slice(9)));
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
  return (LANGUAGES as readonly string[]).includes(code) ? (code as LanguageCode) : fallback;
}

/** The page's HTML in `language`, or the not-found document (status 404) for an unknown location. */
export function renderLegacyPage(location: string, language: LanguageCode): { status: 200 | 404; html: string } {
  const t = textsIn(language);
  if (!pageNames(language).includes(location)) {
    const title = t('legacy.notFound.title');
    return {
      status: 404,
      html: document(language, title, [`<h1>${escapeHtml(title)}</h1>`, `<p>${escapeHtml(t('legacy.notFound.text'))}</p>`]),
    };
  }
  const key = `legacy.pages.${location}`;
  const page = t(key, { returnObjects: true }) as unknown as LegacyPage;
  const paragraphs = paragraphKeys(page).map((name) => `<p>${escapeHtml(t(`${key}.${name}`))}</p>`);
  return { status: 200, html: document(language, t(`${key}.title`), [`<h1>${escapeHtml(t(`${key}.heading`))}</h1>`, ...paragraphs]) };
}
