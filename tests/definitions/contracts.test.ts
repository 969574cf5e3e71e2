/**
 * One contract per widget and per action (issue 23): the screen schema, the registry's names and
 * the first reads come from them, and every widget and action refuses a property it does not know.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionContracts } from '../../engine/actions/action-contracts.ts';
import type { WidgetNode } from '../../engine/definitions/types.ts';
import { textProperties } from '../../engine/registry/define-widget.ts';
import { ACTION_NAMES, WIDGET_NAMES } from '../../engine/registry/names.ts';
import { SCREEN_SCHEMA_FILE, buildScreenSchema, screenSchemaText } from '../../engine/registry/screen-schema.ts';
import { widgetContracts } from '../../engine/registry/widget-contracts.ts';
import { firstReads } from '../../engine/routing/first-reads.ts';
import { createAjv } from '../../schemas/ajv.ts';

const validate = createAjv().compile(buildScreenSchema());
const screenWith = (node: Record<string, unknown>) => ({
  id: 'probe',
  path: '/probe',
  title: 'common.screens.cards',
  layout: 'shell',
  guard: { public: true },
  body: [node],
});
/** The properties the schema refuses on the probe's first node, whatever else it finds missing. */
function refusedProperties(node: Record<string, unknown>): string[] {
  validate(screenWith(node));
  return [
    ...new Set(
      (validate.errors ?? [])
        .filter((error) => error.propertyName !== undefined || error.keyword === 'additionalProperties')
        .map((error) => error.propertyName ?? String((error.params as { additionalProperty?: string }).additionalProperty)),
    ),
  ];
}

describe('schemas/screen.schema.json', () => {
  it('is what the contracts build (npm run schemas:write after changing a contract)', () => {
    expect(readFileSync(SCREEN_SCHEMA_FILE, 'utf8'), 'schemas/screen.schema.json is stale: run npm run schemas:write').toBe(
      screenSchemaText(),
    );
  });
});

describe('widget contracts', () => {
  it("each sits under its own name, and the registry's names are theirs", () => {
    for (const [name, contract] of Object.entries(widgetContracts)) expect(contract.name).toBe(name);
    expect(WIDGET_NAMES).toEqual(Object.keys(widgetContracts));
  });

  it('every widget refuses a property its contract does not declare, and takes the ones it does', () => {
    for (const [name, contract] of Object.entries(widgetContracts)) {
      expect(refusedProperties({ widget: name, colour: 'red' }), name).toEqual(['colour']);
      const declared = Object.fromEntries(Object.keys(contract.props).map((prop) => [prop, null]));
      expect(refusedProperties({ widget: name, id: 'probe', can: ['read', 'Invoice'], when: {}, ...declared }), name).toEqual([]);
    }
  });

  it('names the text properties a widget translates, from the props its schema types as text keys', () => {
    expect(textProperties(widgetContracts.heading)).toEqual(['text']);
    expect(textProperties(widgetContracts.table)).toEqual(
      expect.arrayContaining(['columns.label', 'filters.options.label', 'empty', 'caption']),
    );
    expect(textProperties(widgetContracts.table)).not.toContain('columns.field');
    expect(textProperties(widgetContracts.form)).toEqual(expect.arrayContaining(['submit.label', 'readOnlyText']));
  });

  it("first reads keep what a widget's contract says its first read needs, and nothing of a widget that reads nothing", () => {
    const table = {
      widget: 'table',
      source: { resource: '/invoices' },
      columns: [],
      defaultPageSize: 25,
      caption: 'invoices.caption',
    } as WidgetNode;
    const heading = { widget: 'heading', text: 'common.screens.cards' } as WidgetNode;
    expect(firstReads([heading, { widget: 'stack', children: [table] } as WidgetNode])).toEqual([
      { widget: 'stack', children: [{ widget: 'table', source: { resource: '/invoices' }, defaultPageSize: 25 }] },
    ]);
    expect(widgetContracts.table.reads).toEqual(expect.arrayContaining(['source', 'defaultPageSize']));
  });
});

describe('action contracts', () => {
  it("the registry's action names are theirs", () => {
    expect(ACTION_NAMES).toEqual(Object.keys(actionContracts));
  });

  it('every action refuses a property it does not read', () => {
    const actionsNode = (action: Record<string, unknown>) => ({ widget: 'actions', actions: [action] });
    for (const name of ACTION_NAMES) {
      expect(refusedProperties(actionsNode({ do: name, colour: 'red' })), name).toEqual(['colour']);
    }
    // A property another action reads is still refused here: a navigate has no secret.
    expect(refusedProperties(actionsNode({ do: 'navigate', to: '/', secret: 'data.attributes.card_number' }))).toEqual(['secret']);
    expect(refusedProperties(actionsNode({ do: 'mutate', path: '/x', method: 'POST', retry: null }))).toEqual([]);
  });
});
