/**
 * Paths of screens: every link, tab, navigation and menu path opens a screen (under any of the
 * tenant's prefixes, engine/README "Path prefixes"), no two screens share a path, and the query
 * parameters a screen reads are the ones its links pass.
 */
import type { MenuDefinitions, ScreenDefinition } from '../../../engine/definitions/types.ts';
import type { Contract } from '../contract.ts';
import type { DefinitionFile } from '../definition-set.ts';
import { matchingPaths } from '../openapi.ts';
import { closest, type Problem } from '../problems.ts';
import { walk } from '../walk.ts';

const WHOLE_BINDING = /^\{[^}]+\}$/;
const HAS_BINDING = /\{[^}]+\}/;

/** Whether one segment of a link can be one segment of a screen's path pattern. */
function segmentOpens(part: string, pattern: string): boolean {
  if (pattern.startsWith(':')) return part !== '';
  if (!HAS_BINDING.test(part)) return decodeURIComponent(part) === pattern;
  // A binding stands for any text: `{session.dispute_side}-x` opens `customer-x`.
  const expression = part
    .split(/\{[^}]+\}/)
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${expression}$`).test(pattern);
}

/** How specific a path pattern is: react-router ranks static segments over `:params` over `*`. */
const specificity = (path: string) =>
  path.split('/').reduce((score, segment) => score + (segment === '*' ? 0 : segment.startsWith(':') ? 1 : 3), 0);

/** The screen a link opens (path without query and hash), if any: the most specific match, as the router picks. */
export function screenAt(screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>, link: string): ScreenDefinition | undefined {
  const parts = link.split(/[?#]/)[0]!.split('/');
  const matches = screens
    .map(({ definition }) => definition)
    .filter((screen) => {
      const patterns = screen.path === '/' ? [''] : screen.path.split('/');
      if (screen.path === '/') return parts.length === 2 && parts[1] === '';
      const wildcard = patterns.at(-1) === '*';
      if (wildcard ? parts.length < patterns.length - 1 : parts.length !== patterns.length) return false;
      return patterns.every((pattern, index) => pattern === '*' || segmentOpens(parts[index]!, pattern));
    });
  return matches.sort((left, right) => specificity(right.path) - specificity(left.path))[0];
}

/** A link of a definition: where it is, what it says. */
export interface Link {
  file: string;
  pointer: string;
  link: string;
}

/** Properties that hold a portal path: a navigation's `to`, a column's `link`. */
const LINK_PROPERTIES = new Set(['to', 'link']);

/** Every portal path the definitions link to (screens, then menus). */
export function linksOf(screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>, menus: DefinitionFile<MenuDefinitions>): Link[] {
  const links: Link[] = [];
  for (const { file, definition } of screens) {
    for (const { pointer, node } of walk(definition)) {
      for (const property of LINK_PROPERTIES) {
        const value = node[property];
        // A whole binding (`{record.url}`) is an address the data supplies, not a path of ours.
        if (typeof value === 'string' && value.startsWith('/')) links.push({ file, pointer: `${pointer}/${property}`, link: value });
      }
    }
  }
  for (const [kind, entries] of Object.entries(menus.definition)) {
    if (!Array.isArray(entries)) continue;
    for (const [index, entry] of entries.entries()) links.push({ file: menus.file, pointer: `/${kind}/${index}/path`, link: entry.path });
  }
  return links;
}

/** The tenants' prefixes (`/prod`, `/fleet-charge-beta`): a link written with one still opens the screen. */
function withoutPrefix(link: string, prefixes: readonly string[]): string[] {
  return [link, ...prefixes.filter((prefix) => prefix && link.startsWith(`${prefix}/`)).map((prefix) => link.slice(prefix.length))];
}

/**
 * A screen's path written the way a link writes it: its `:params` (and `*`) filled with the link's
 * own segments, so `/invoice-lst/{record.status}` is compared with `/invoice-list/{record.status}`
 * (one letter off), not with `/invoice-list/:status`.
 */
function asWritten(pattern: string, link: string): string {
  const parts = link.split('/');
  const patterns = pattern.split('/');
  if (patterns.length !== parts.length) return pattern;
  return patterns.map((segment, index) => (segment.startsWith(':') || segment === '*' ? parts[index]! : segment)).join('/');
}

export function checkLinks(
  screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>,
  links: readonly Link[],
  contract: Contract,
  prefixes: readonly string[],
): Problem[] {
  const problems: Problem[] = [];
  const paths = screens.map(({ definition }) => definition.path);
  for (const { file, pointer, link } of links) {
    if (WHOLE_BINDING.test(link)) continue;
    if (withoutPrefix(link, prefixes).some((candidate) => screenAt(screens, candidate))) continue;
    // A link to a file the API serves (a document's content) opens it, not a screen.
    if (matchingPaths(contract.api, link).some((path) => contract.api.paths[path]?.get)) continue;
    const path = link.split(/[?#]/)[0]!;
    const suggestion = closest(
      path,
      paths.map((pattern) => asWritten(pattern, path)),
    );
    problems.push({ file, pointer, code: 'definitions.opensNoScreen', params: { path, ...(suggestion ? { suggestion } : {}) } });
  }
  return problems;
}

export function checkDuplicatePaths(screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  for (const { file, definition } of screens) {
    // `:invoice_id` and `:trx_id` in one place are the same route to the router.
    const shape = definition.path.replace(/:\w+/g, ':');
    const first = seen.get(shape);
    if (first)
      problems.push({
        file,
        pointer: '/path',
        code: 'definitions.duplicatePath',
        params: { path: definition.path, other: first },
      });
    else seen.set(shape, file);
  }
  return problems;
}

/** The query parameter names links pass to each screen (by screen id), from the definitions and the links the server sends. */
export function queryNamesByScreen(
  screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>,
  links: ReadonlyArray<{ link: string }>,
): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const { link } of links) {
    const query = link.split('#')[0]!.split('?')[1];
    const screen = screenAt(screens, link);
    if (!query || !screen) continue;
    const known = names.get(screen.id) ?? new Set<string>();
    for (const pair of query.split('&')) known.add(pair.split('=')[0]!);
    names.set(screen.id, known);
  }
  return names;
}

/** A menu entry shows by its `screen`'s guard, so that must be the screen its path opens. */
export function checkMenuScreens(
  screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>,
  menus: DefinitionFile<MenuDefinitions>,
): Problem[] {
  const problems: Problem[] = [];
  for (const [kind, entries] of Object.entries(menus.definition)) {
    if (!Array.isArray(entries)) continue;
    for (const [index, entry] of entries.entries()) {
      const opened = screenAt(screens, entry.path);
      if (opened && entry.screen !== opened.id)
        problems.push({
          file: menus.file,
          pointer: `/${kind}/${index}/screen`,
          code: 'definitions.wrongScreen',
          params: { screen: String(entry.screen), path: entry.path, opened: opened.id },
        });
    }
  }
  return problems;
}
