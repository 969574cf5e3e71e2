import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readScreens } from '../../engine/build/screens-plugin.ts';
import { pluginRegistry } from '../../engine/registry/plugins.ts';
import '../../plugins/index.ts';
import { apiDocument } from '../../scripts/openapi/document.ts';
import { type Definition, type OpenApiDocument, unknownNamespaces, unknownPlugins, unsupportedListParameters } from './definition-checks.ts';

const screens: Definition[] = readScreens('screens').map(({ file, definition }) => ({ file, definition }));
const forms: Definition[] = readdirSync('screens/forms').map((name) => ({ file: `screens/forms/${name}`, definition: JSON.parse(readFileSync(`screens/forms/${name}`, 'utf8')) as unknown }));
const namespaces = readdirSync('locales/en').map((file) => file.replace(/\.json$/, ''));
const registered = Object.keys(pluginRegistry);

const cards = screens.find(({ definition }) => (definition as { id: string }).id === 'cards')!;
/** The parts of screens/cards.json the broken copies change. */
interface TableJson {
  columns: Array<{ label: string; sort?: string }>;
  filters?: Array<{ filter: string; label: string; type: string }>;
  search: { filter: string };
  source: { resource: string; filter: Record<string, unknown> };
}
interface CardsJson { body: Array<{ widget: string; name?: string; tabs?: Array<{ children: TableJson[] }> }> }

/** The cards screen with one change: a deliberately broken definition. */
function brokenCards(change: (definition: CardsJson) => void): Definition {
  const definition = structuredClone(cards.definition) as CardsJson;
  change(definition);
  return { file: cards.file, definition };
}
const activeTable = (definition: CardsJson) => definition.body.find((node) => node.widget === 'tabs')!.tabs![0]!.children[0]!;

describe('definitions name only registered plugins', () => {
  it('every shipped screen does', () => {
    expect(registered).toContain('payment-flow');
    expect(unknownPlugins(screens, registered)).toEqual([]);
  });
  it('a screen mounting an unregistered plugin fails, with file and pointer', () => {
    const broken = brokenCards((definition) => { definition.body.push({ widget: 'plugin', name: 'no-such-plugin' }); });
    expect(unknownPlugins([broken], registered)).toEqual([expect.stringMatching(/^screens\/cards\.json#\/body\/4: plugin "no-such-plugin" is not registered/)]);
  });
});

describe('definitions use only list parameters the API documents (OpenAPI)', () => {
  let document: OpenApiDocument;
  beforeAll(async () => { document = await apiDocument() as unknown as OpenApiDocument; }, 60_000);

  it('every shipped screen does', () => {
    expect(unsupportedListParameters(screens, document)).toEqual([]);
  });
  it('a table sort the API does not offer fails', () => {
    const broken = brokenCards((definition) => { activeTable(definition).columns[1]!.sort = 'card_identifier'; });
    expect(unsupportedListParameters([broken], document)).toEqual([expect.stringContaining('sort "card_identifier" is not offered by GET /ecaas/cards')]);
  });
  it('a table filter or search the API does not offer fails', () => {
    const broken = brokenCards((definition) => {
      activeTable(definition).filters = [{ filter: 'holder', label: 'cards.columns.holder', type: 'text' }];
      activeTable(definition).search.filter = 'q';
    });
    expect(unsupportedListParameters([broken], document)).toEqual([
      expect.stringContaining('search filter filter[q] is not a parameter of GET /ecaas/cards'),
      expect.stringContaining('filter filter[holder] is not a parameter of GET /ecaas/cards'),
    ]);
  });
  it('a source filter or a resource the API does not have fails', () => {
    const badFilter = brokenCards((definition) => { activeTable(definition).source.filter.card_type = 'fleet'; });
    expect(unsupportedListParameters([badFilter], document)).toEqual([expect.stringContaining('filter filter[card_type] is not a parameter of GET /ecaas/cards')]);
    const badResource = brokenCards((definition) => { activeTable(definition).source.resource = '/ecaas/card-list'; });
    expect(unsupportedListParameters([badResource], document)).toEqual([expect.stringContaining('GET /ecaas/card-list is not in the API')]);
  });
});

describe('definitions name texts of existing namespaces', () => {
  it('every shipped screen and form does', () => {
    expect(namespaces).toContain('cards');
    expect(unknownNamespaces([...screens, ...forms], namespaces)).toEqual([]);
  });
  it('a key in a namespace without a locale file fails', () => {
    const broken = brokenCards((definition) => { activeTable(definition).columns[0]!.label = 'card.columns.name'; });
    expect(unknownNamespaces([broken], namespaces)).toEqual([expect.stringMatching(/columns\/0\/label: "card\.columns\.name" names no text/)]);
    const brokenForm = structuredClone(forms.find(({ file }) => file.endsWith('card-request.json'))!);
    (brokenForm.definition as { schema: { properties: { card_name: { title: string } } } }).schema.properties.card_name.title = 'cardz.fields.cardName';
    expect(unknownNamespaces([brokenForm], namespaces)).toEqual([expect.stringContaining('"cardz.fields.cardName" names no text')]);
  });
});
