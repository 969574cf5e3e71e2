/**
 * Text keys ("namespace.path", common/i18next-options.ts) against the English locale files: a key
 * that names no text shows as the bare key at run time.
 */
import { actionDefinition } from '../../../engine/actions/action-contracts.ts';
import { textProperties, type WidgetContract } from '../../../engine/registry/define-widget.ts';
import { widgetContracts } from '../../../engine/registry/widget-contracts.ts';
import type { Contract } from '../contract.ts';
import type { DefinitionFile } from '../definition-set.ts';
import { closest, type Problem, type ProblemWords } from '../problems.ts';
import { walk } from '../walk.ts';

/** What widgets and actions translate, from their contracts: the last name of each path (`columns.label` → `label`). */
const CONTRACT_TEXTS = [...Object.values(widgetContracts), { props: actionDefinition.properties }]
  .flatMap((contract) => textProperties(contract as Pick<WidgetContract, 'props'>))
  .map((path) => path.split('.').at(-1)!);
/** What forms (JSON Schema titles, RJSF's ui: texts, list labels) and menus translate. */
const FORM_AND_MENU_TEXTS = [
  'label',
  'title',
  'description',
  'addLabel',
  'removeLabel',
  'itemTitle',
  'ui:help',
  'ui:description',
  'ui:placeholder',
  'ui:title',
];
/** Properties whose value is a text key wherever they appear in a screen, form or menu. */
const TEXT_PROPERTIES = new Set([...CONTRACT_TEXTS, ...FORM_AND_MENU_TEXTS]);
/** Where those names mean a record's field instead: a sourced select's option label, a link's text, a list's title and body. */
const FIELD_PROPERTIES: Record<string, readonly string[]> = { optionsSource: ['label'], links: ['text'] };
const KEY = /^([a-z][A-Za-z0-9]*)((?:\.[A-Za-z0-9_]+)+)$/;
/** i18next's plural forms: `invoiceCount` is written `invoiceCount_one`, `invoiceCount_other`. */
const PLURALS = ['', '_zero', '_one', '_two', '_few', '_many', '_other'];

/** The text keys of one namespace, flattened ("screens.cards"), for did-you-mean. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

/** Whether `namespace.path` names a text (or its plural forms) of the English files. */
export function textExists(texts: ReadonlyMap<string, unknown>, key: string): boolean {
  const match = KEY.exec(key);
  if (!match) return false;
  const segments = match[2]!.slice(1).split('.');
  const parent = segments
    .slice(0, -1)
    .reduce<unknown>(
      (value, segment) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined),
      texts.get(match[1]!),
    );
  if (!parent || typeof parent !== 'object') return false;
  return PLURALS.some((suffix) => typeof (parent as Record<string, unknown>)[`${segments.at(-1)}${suffix}`] === 'string');
}

function whatIsWrong(texts: ReadonlyMap<string, unknown>, key: string): ProblemWords {
  const namespace = KEY.exec(key)?.[1];
  if (!namespace || !texts.has(namespace)) {
    const suggestion = closest(namespace ?? key.split('.')[0]!, texts.keys());
    return {
      code: 'definitions.unknownTextNamespace',
      params: { key, namespace: namespace ?? key, ...(suggestion ? { suggestion } : {}) },
    };
  }
  const suggestion = closest(
    key,
    keysOf(texts.get(namespace)).map((path) => `${namespace}.${path.replace(/_(zero|one|two|few|many|other)$/, '')}`),
  );
  return { code: 'definitions.unknownText', params: { key, namespace, ...(suggestion ? { suggestion } : {}) } };
}

/** Every text property of screens, forms and menus names a text (a list's `title` and `body` name record fields). */
export function checkTexts(definitions: ReadonlyArray<DefinitionFile<unknown>>, contract: Contract): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of definitions) {
    for (const { pointer, node, property: under } of walk(definition)) {
      for (const [property, value] of Object.entries(node)) {
        if (!TEXT_PROPERTIES.has(property) || typeof value !== 'string' || FIELD_PROPERTIES[under]?.includes(property)) continue;
        // A text's `values` are what its {{placeholders}} read (bindings), whatever they are called (`reason`).
        if (under === 'values') continue;
        if (node.widget === 'list' && (property === 'title' || property === 'body')) continue;
        // A JSON Schema's `properties` maps field names; a field called `title` is not a text.
        if (under === 'properties' || under === 'required') continue;
        if (!textExists(contract.texts, value))
          problems.push({ file, pointer: `${pointer}/${property}`, ...whatIsWrong(contract.texts, value) });
      }
    }
  }
  return problems;
}
