/**
 * Builds schemas/screen.schema.json from the contracts: each widget's block from its contract
 * (widgets/*.contract.ts), the action definition from the actions' (actions/action-contracts.ts),
 * the shared parts from registry/schema-parts.ts. `npm run schemas:write` writes the file (editors
 * and the definitions' `$schema` read it); a test and `npm run check:definitions` fail when the
 * file is stale.
 */
import { USE } from '../../common/definition-parts.ts';
import { NODE_PROPS, type WidgetContract } from './define-widget.ts';
import { WIDGET_NAMES } from './names.ts';
import { sharedParts } from './schema-parts.ts';
import { widgetContracts } from './widget-contracts.ts';

export const SCREEN_SCHEMA_FILE = 'schemas/screen.schema.json';

/** One widget's block: its props, which must be its own or every node's, and its further rules. */
function widgetBlock(contract: WidgetContract): object {
  return {
    // `required`: a node that names no widget (one that only `$use`s a part) gets no widget's block.
    if: { required: ['widget'], properties: { widget: { const: contract.name } } },
    then: {
      ...(contract.required?.length ? { required: contract.required } : {}),
      propertyNames: { enum: [...NODE_PROPS, USE, ...Object.keys(contract.props)] },
      properties: contract.props,
      ...contract.rules,
    },
  };
}

const localRefs = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll('"parts#/definitions/', '"#/definitions/'));

export function buildScreenSchema(): Record<string, unknown> {
  return localRefs({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://portal.example/schemas/screen.schema.json',
    title: 'Screen definition',
    description:
      "One route of the portal, rendered by the engine. Generated from the widgets' and actions' contracts (engine/registry/screen-schema.ts): run `npm run schemas:write` after changing one; do not edit by hand.",
    type: 'object',
    additionalProperties: false,
    required: ['id', 'path', 'title', 'guard', 'layout', 'body'],
    properties: {
      $schema: { type: 'string' },
      id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
      path: { type: 'string', pattern: '^(/|(/[A-Za-z0-9:_*-]+)+)$' },
      title: { $ref: '#/definitions/textKey' },
      layout: { enum: ['shell', 'public', 'bare'] },
      guardsUnsavedChanges: { type: 'boolean' },
      guard: { $ref: '#/definitions/guard' },
      body: { $ref: '#/definitions/nodes' },
    },
    definitions: {
      ...sharedParts,
      nodes: { type: 'array', items: { $ref: '#/definitions/node' } },
      node: {
        type: 'object',
        // A node is a widget, or uses a part (screens/parts, common/definition-parts.ts) that is one.
        anyOf: [{ required: ['widget'] }, { required: [USE] }],
        properties: {
          [USE]: {
            description: 'A part of screens/parts this node is, its other properties written over it (JSON Merge Patch).',
            type: 'string',
            pattern: '^[a-z][a-z0-9-]*$',
          },
          widget: { enum: WIDGET_NAMES },
          id: { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$' },
          can: { $ref: '#/definitions/can' },
          when: { type: 'object' },
        },
        allOf: Object.values(widgetContracts).map(widgetBlock),
      },
    },
  }) as Record<string, unknown>;
}

/** The file's text as `npm run schemas:write` writes it. */
export function screenSchemaText(): string {
  return `${JSON.stringify(buildScreenSchema(), null, 2)}\n`;
}
