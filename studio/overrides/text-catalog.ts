import { localeUrl, NAMESPACES } from 'virtual:portal-locales';

/**
 * The namespaces whose texts the portal shows and a tenant may word its own way: not the
 * server's mails (they keep the shipped words, README "Texts") nor the studio's own.
 */
export const PORTAL_NAMESPACES = NAMESPACES.filter((namespace) => !['email', 'studio', 'studioUi'].includes(namespace));

type Tree = { [key: string]: string | Tree };
const files = new Map<string, Promise<Map<string, string>>>();

function flatten(tree: Tree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}.${key}`, value);
    else flatten(value, `${prefix}.${key}`, into);
  }
  return into;
}

/** One shipped language file as "namespace.path" → text (the portal's own built files), read once. */
function shippedFile(language: string, namespace: string): Promise<Map<string, string>> {
  const id = `${language}/${namespace}`;
  let file = files.get(id);
  if (!file) {
    file = fetch(localeUrl(language, namespace))
      .then((response) => (response.ok ? (response.json() as Promise<Tree>) : Promise.reject(new Error(`${id}: ${response.status}`))))
      .then((tree) => flatten(tree, namespace, new Map()));
    files.set(id, file);
    file.catch(() => files.delete(id));
  }
  return file;
}

/** The shipped texts of `language` in `namespaces` (all the portal's by default), by key. */
export async function shippedTexts(language: string, namespaces: readonly string[] = PORTAL_NAMESPACES): Promise<Map<string, string>> {
  const maps = await Promise.all(namespaces.map((namespace) => shippedFile(language, namespace)));
  return new Map(maps.flatMap((map) => [...map]));
}

/** The shipped text of `key` in each language, for a new override to start from. */
export async function shippedTextOf(key: string, languages: readonly string[]): Promise<Record<string, string>> {
  const namespace = key.split('.')[0]!;
  const texts = await Promise.all(
    languages.map(async (language) => [language, (await shippedFile(language, namespace)).get(key) ?? ''] as const),
  );
  return Object.fromEntries(texts);
}

/** Keys whose key or text holds every word of `query` (case aside), at most `limit`. */
export function searchTexts(texts: ReadonlyMap<string, string>, query: string, limit: number): Array<[string, string]> {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: Array<[string, string]> = [];
  for (const [key, text] of texts) {
    const haystack = `${key} ${text}`.toLocaleLowerCase();
    if (words.every((word) => haystack.includes(word))) found.push([key, text]);
    if (found.length >= limit) break;
  }
  return found;
}
