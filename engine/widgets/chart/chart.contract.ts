import { defineWidget, type WidgetPropsOf } from '../../registry/define-widget.ts';
import { ref } from '../../registry/schema-ref.ts';

/** Bars, a progress share or columns of one record, with a table for screen readers. */
export const chartContract = defineWidget({
  name: 'chart',
  props: {
    source: ref('source'),
    kind: { enum: ['bar', 'progress', 'columns'] },
    itemsField: { description: 'columns: the record\'s list of points ("spending_history").', type: 'string' },
    labelField: { description: "columns: each point's label field.", type: 'string' },
    labelFormat: ref('formatter', 'columns: how labels are shown ("month").'),
    empty: ref('textKey', 'columns: shown when the list is empty.'),
    title: ref('textKey'),
    caption: ref('textKey', 'bar: names the figures for screen readers without showing a title.'),
    label: ref('textKey', 'progress: the text, with {{percent}}.'),
    missing: ref('textKey', 'progress: shown when there is no total.'),
    valueField: { type: 'string' },
    totalField: { type: 'string' },
    percentField: { type: 'string' },
    format: ref('formatter'),
    countLabel: ref('textKey'),
    linkLabel: ref('textKey', "bar: names each bar's link, with {{label}} (the bar's label)."),
    series: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'field'],
        properties: {
          label: ref('textKey'),
          field: { type: 'string' },
          countField: { type: 'string' },
          link: ref('template', 'A route template over the record: the list this bar counts.'),
        },
      },
    },
  },
  required: ['source', 'kind'],
  rules: {
    allOf: [
      { if: { properties: { kind: { const: 'progress' } } }, then: { required: ['label'] } },
      { if: { properties: { kind: { const: 'bar' } } }, then: { required: ['series'] } },
      {
        if: { properties: { kind: { const: 'columns' } } },
        then: { required: ['itemsField', 'labelField', 'valueField', 'caption'] },
      },
    ],
  },
  reads: ['source'],
});

export type ChartProps = WidgetPropsOf<typeof chartContract>;
