import { defineWidget, type WidgetPropsOf } from '../../registry/define-widget.ts';
import { ref } from '../../registry/schema-ref.ts';

/** A paged, sorted, filtered list of a resource's records, with row and bulk actions. */
export const tableContract = defineWidget({
  name: 'table',
  props: {
    source: ref('source'),
    columns: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'label'],
        properties: {
          field: {
            description: 'An attribute of the source\'s records ("invoiceId").',
            type: 'string',
            pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
          },
          label: ref('textKey'),
          format: ref('formatter'),
          currencyField: {
            description: 'With format "currency": the record attribute holding the ISO currency ("currency").',
            type: 'string',
            pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
          },
          link: ref('template', 'A route template over the row: "/invoice/{record.trxId}".'),
          sort: {
            description: "The server's sort name (filter[sort]=<sort>|asc); absent: not sortable.",
            type: 'string',
            pattern: '^[a-z][a-z0-9_]*$',
          },
          align: { enum: ['left', 'center', 'right'] },
          width: {
            description:
              'A weight, not a fixed width: the column is as wide as its content up to this many pixels, and room left over is shared in proportion (columns.tsx columnTracks).',
            type: 'integer',
            minimum: 24,
            maximum: 1000,
          },
          download: { description: '`link` is a file of the API (saved, not routed in the portal).', type: 'boolean' },
          defaultHidden: { description: "Hidden until the user shows it in the table's column menu.", type: 'boolean' },
          hideWhenEmpty: { description: 'Hidden, until the user shows it, while no loaded row has a value in it.', type: 'boolean' },
          priority: {
            description:
              "How the column gives way on a narrow page: `key` (an identifier or amount) is never squeezed or clipped and is labelled on a phone's card; `optional` is dropped first when the columns do not fit (the column menu brings it back). Unset: squeezed, its text wrapping.",
            enum: ['key', 'optional'],
          },
          when: {
            description:
              'A MongoDB-style query over the binding context, like a widget\'s `when`: the column is left out (header, column menu, phone cards) when it does not hold. The studio\'s "hidden for" writes { "session.role": { "$nin": ["payer"] } } (the policy\'s role names).',
            type: 'object',
          },
        },
      },
    },
    rowId: {
      description: 'The record attribute identifying a row (the selection keeps ids); default the resource id.',
      type: 'string',
      pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
    },
    defaultSort: {
      type: 'object',
      additionalProperties: false,
      required: ['sort', 'direction'],
      properties: { sort: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' }, direction: { enum: ['asc', 'desc'] } },
    },
    pageSizes: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 10000 } },
    defaultPageSize: { type: 'integer', minimum: 1, maximum: 10000 },
    search: {
      type: 'object',
      additionalProperties: false,
      required: ['filter'],
      properties: { filter: { type: 'string', pattern: '^[a-z_]+$' }, placeholder: ref('textKey') },
    },
    filters: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['filter', 'label', 'type'],
        properties: {
          filter: { type: 'string', pattern: '^[a-z_]+$' },
          label: ref('textKey'),
          type: { enum: ['date', 'money', 'text', 'select'] },
          options: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['value', 'label'],
              properties: { value: { type: 'string', minLength: 1 }, label: ref('textKey') },
            },
          },
          optionsSource: {
            description:
              "select: options from a list resource, each record's `value` field sent and its `label` field shown (data, not translated).",
            type: 'object',
            additionalProperties: false,
            required: ['source', 'value', 'label'],
            properties: { source: ref('source'), value: { type: 'string' }, label: { type: 'string' } },
          },
        },
        if: { properties: { type: { const: 'select' } } },
        then: { oneOf: [{ required: ['options'] }, { required: ['optionsSource'] }] },
        else: { not: { anyOf: [{ required: ['options'] }, { required: ['optionsSource'] }] } },
      },
    },
    selection: { enum: ['single', 'multiple'] },
    selectable: { description: 'A MongoDB-style query over the row: which rows may be selected.', type: 'object' },
    actions: { type: 'array', items: ref('actionDefinition') },
    rowActions: {
      description: 'Buttons in each row, run with the row as {record} (its `when` may test record fields).',
      type: 'array',
      items: ref('actionDefinition'),
    },
    empty: ref('textKey'),
    emptyFiltered: ref('textKey', "Shown instead of `empty` when the user's search or filters leave nothing, with a button clearing them."),
    caption: ref('textKey'),
    notices: ref('notices'),
    failure: ref('textKey', "The title when the list cannot load (default table.error), above the server's reason and the retry button."),
  },
  required: ['source', 'columns'],
  reads: ['source', 'pageSizes', 'defaultPageSize', 'defaultSort', 'search'],
});

export type TableProps = WidgetPropsOf<typeof tableContract>;
