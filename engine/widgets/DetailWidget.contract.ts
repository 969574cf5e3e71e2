import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** One record's fields, an array of it as a small table, and widgets rendered with it. */
export const detailContract = defineWidget({
  name: 'detail',
  props: {
    source: ref('source'),
    fields: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label'],
        oneOf: [{ required: ['field'] }, { required: ['lines'] }],
        properties: {
          label: ref('textKey'),
          field: { type: 'string' },
          format: ref('formatter'),
          currencyField: { type: 'string' },
          lines: {
            description: 'Several fields shown as one block, one line each, empty ones left out (an address).',
            type: 'array',
            minItems: 1,
            items: { type: 'string' },
          },
        },
      },
    },
    list: {
      description: 'An array field of the record shown as a small table (line items).',
      type: 'object',
      additionalProperties: false,
      required: ['field', 'label', 'columns'],
      properties: {
        field: { type: 'string' },
        label: ref('textKey'),
        columns: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['field', 'label'],
            properties: {
              field: { type: 'string' },
              label: ref('textKey'),
              format: ref('formatter'),
              align: { enum: ['left', 'center', 'right'] },
            },
          },
        },
      },
    },
    children: ref(
      'nodes',
      'Rendered once the record loaded, with it as {record.*}; not when it failed (an unknown invoice shows only the error).',
    ),
    canonical: {
      description:
        "A record opened by another of its ids (an invoice by its invoice id) moves the address to the canonical one: the route parameter `param` takes the record's `field`, replacing the history entry; the children wait for it.",
      type: 'object',
      additionalProperties: false,
      required: ['param', 'field'],
      properties: { param: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' }, field: { type: 'string', minLength: 1 } },
    },
    empty: ref('textKey'),
    caption: ref('textKey'),
    notices: ref('notices'),
  },
  required: ['source', 'fields'],
  reads: ['source'],
});

export type DetailProps = WidgetPropsOf<typeof detailContract>;
