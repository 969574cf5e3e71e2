/**
 * Checks of definitions against what exists beside them (issue 16): the plugins the composition
 * root registers, the list parameters the API documents (its OpenAPI document, built from the
 * routes' own schemas) and the i18n namespaces in locales/. Each returns the problems found as
 * "file#pointer: what", so a failing test names the place to fix.
 */

/** Every object in a definition, with its JSON pointer (and the property it sits under). */
export function* walk(value: unknown, pointer = '', property = ''): Generator<[string, Record<string, unknown>, string]> {
  if (Array.isArray(value)) { for (const [index, item] of value.entries()) yield* walk(item, `${pointer}/${index}`, property); return; }
  if (value && typeof value === 'object') {
    yield [pointer, value as Record<string, unknown>, property];
    for (const [key, item] of Object.entries(value)) yield* walk(item, `${pointer}/${key}`, key);
  }
}

export interface Definition { file: string; definition: unknown }

/** A plugin widget naming a plugin nobody registered renders nothing but an error at run time. */
export function unknownPlugins(definitions: readonly Definition[], registered: readonly string[]): string[] {
  const problems: string[] = [];
  for (const { file, definition } of definitions) {
    for (const [pointer, node] of walk(definition)) {
      if (node.widget === 'plugin' && !registered.includes(String(node.name))) {
        problems.push(`${file}#${pointer}: plugin "${String(node.name)}" is not registered (known: ${registered.join(', ')})`);
      }
    }
  }
  return problems;
}

/** The part of an OpenAPI document these checks read. */
export interface OpenApiDocument {
  paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string; schema?: { pattern?: string; enum?: string[] } }> } }>;
}

/**
 * Whether a definition's path segment can name an OpenAPI one: equal, a parameter for a binding, or
 * a binding inside the segment standing for any text (`{session.dispute_side}-disputes` names both
 * `customer-disputes` and `merchant-disputes`).
 */
function segmentMatches(part: string, segment: string): boolean {
  if (part === segment || (/^\{.+\}$/.test(part) && /\{.+\}/.test(segment))) return true;
  if (!/\{.+\}/.test(segment)) return false;
  const pattern = segment.split(/\{[^}]+\}/).map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^${pattern}$`).test(part);
}

/** The OpenAPI path a definition's resource reads: `/invoices/{route.invoice_id}` → `/invoices/{invoice_id}` (any parameter name). */
function operationFor(resource: string, document: OpenApiDocument) {
  const segments = resource.split('/');
  const paths = Object.keys(document.paths).filter((candidate) => {
    const parts = candidate.split('/');
    return parts.length === segments.length && parts.every((part, index) => segmentMatches(part, segments[index]!));
  });
  // A binding in the path names several operations (the customer's and the merchant's side): a
  // parameter one of them offers may be sent, since the binding picks the side it goes to.
  const gets = paths.map((path) => document.paths[path]!.get).filter((get) => get !== undefined);
  if (paths.length === 0 || gets.length < paths.length) return paths.length === 0 ? undefined : { path: paths.join(' | '), get: undefined };
  return { path: paths.join(' | '), get: { parameters: gets.flatMap((get) => get.parameters ?? []) } };
}

interface SourceNode { resource?: unknown; filter?: Record<string, unknown>; params?: Record<string, unknown> }

/**
 * A source, table sort or table filter the API does not offer is refused with a 400 at run time
 * (or silently ignored by another API honouring the contract): each must be a documented GET
 * parameter, each sort a value the API's `filter[sort]` pattern accepts.
 */
export function unsupportedListParameters(definitions: readonly Definition[], document: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const { file, definition } of definitions) {
    for (const [pointer, node, property] of walk(definition)) {
      if (property !== 'source' || typeof node.resource !== 'string') continue;
      const source = node as SourceNode;
      const operation = operationFor(String(source.resource), document);
      if (!operation?.get) { problems.push(`${file}#${pointer}: GET ${String(source.resource)} is not in the API`); continue; }
      const parameters = new Map((operation.get.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter]));
      const offers = (name: string, what: string) => { if (!parameters.has(name)) problems.push(`${file}#${pointer}: ${what} ${name} is not a parameter of GET ${operation.path}`); };
      for (const name of Object.keys(source.filter ?? {})) offers(`filter[${name}]`, 'filter');
      for (const name of Object.keys(source.params ?? {})) offers(name, 'parameter');
      // The table around this source: its search, filters and sorts are list parameters too.
      const table = tableAt(definition, pointer);
      if (!table) continue;
      const search = (table.search as { filter?: string } | undefined)?.filter;
      if (search) offers(`filter[${search}]`, 'search filter');
      for (const filter of (table.filters as Array<{ filter: string }> | undefined) ?? []) offers(`filter[${filter.filter}]`, 'filter');
      const sorts = [
        ...((table.columns as Array<{ sort?: string }> | undefined) ?? []).map((column) => column.sort),
        (table.defaultSort as { sort?: string } | undefined)?.sort,
      ].filter((sort): sort is string => typeof sort === 'string');
      if (sorts.length === 0) continue;
      const pattern = parameters.get('filter[sort]')?.schema?.pattern;
      for (const sort of sorts) {
        if (!pattern || !new RegExp(pattern).test(`${sort}|asc`)) problems.push(`${file}#${pointer}: sort "${sort}" is not offered by GET ${operation.path}`);
      }
    }
  }
  return problems;
}

/** The table node whose `source` sits at `sourcePointer`, if it is a table's. */
function tableAt(definition: unknown, sourcePointer: string): Record<string, unknown> | undefined {
  const parentPointer = sourcePointer.replace(/\/source$/, '');
  if (parentPointer === sourcePointer) return undefined;
  for (const [pointer, node] of walk(definition)) if (pointer === parentPointer && node.widget === 'table') return node;
  return undefined;
}

/** Properties whose value is an i18n key wherever they appear in a screen or form definition. */
const TEXT_PROPERTIES = new Set([
  'label', 'text', 'title', 'message', 'confirmLabel', 'placeholder', 'empty', 'emptyFiltered', 'caption', 'success', 'failure',
  'hidden', 'secretLabel', 'missing', 'error', 'countLabel', 'linkLabel', 'ineligible', 'leftOut', 'newTabHint', 'code',
  'description', 'ui:help', 'ui:description', 'ui:placeholder',
]);
/** Where those names mean a record's field instead: a sourced select's option label, a link's text. */
const FIELD_PROPERTIES: Record<string, readonly string[]> = { optionsSource: ['label'], links: ['text'] };
const KEY = /^([a-z][A-Za-z0-9]*)(\.[A-Za-z0-9]+)+$/;

/**
 * A text key whose namespace has no file in locales/ shows the bare key at run time: every text
 * property's value must be "namespace.path" with a namespace that exists. (The list widget's
 * `title` and `body` name record fields, not texts.)
 */
export function unknownNamespaces(definitions: readonly Definition[], namespaces: readonly string[]): string[] {
  const problems: string[] = [];
  for (const { file, definition } of definitions) {
    for (const [pointer, node, under] of walk(definition)) {
      for (const [property, value] of Object.entries(node)) {
        if (!TEXT_PROPERTIES.has(property) || typeof value !== 'string' || FIELD_PROPERTIES[under]?.includes(property)) continue;
        if (node.widget === 'list' && (property === 'title' || property === 'body')) continue;
        const namespace = KEY.exec(value)?.[1];
        if (!namespace || !namespaces.includes(namespace)) problems.push(`${file}#${pointer}/${property}: "${value}" names no text of a namespace in locales/en`);
      }
    }
  }
  return problems;
}
