import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** Figures of one record (or of the bindings), one group per entry of a list. */
export const statContract = defineWidget({
  name: 'stat',
  props: {
    source: ref('source'),
    value: ref(
      'template',
      'The data from the bindings instead of a source ("{session.loyaltyPrograms}"); a list shows one group per entry.',
    ),
    each: {
      description: 'With source: a list in { data, meta } shown one group per entry ("meta.totals").',
      type: 'string',
    },
    title: ref('textKey', 'Per group, interpolated with the record.'),
    error: ref('textKey', 'Shown instead of the figures when the source fails.'),
    missing: ref('textKey', 'Shown for an absent figure (default a dash).'),
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['label', 'field'],
        properties: {
          label: ref('textKey'),
          field: { type: 'string' },
          format: ref('formatter'),
          currencyField: { type: 'string' },
          countField: { type: 'string' },
          countLabel: ref('textKey'),
          link: ref('template'),
          linkLabel: ref('textKey'),
        },
      },
    },
  },
  required: ['items'],
  rules: { oneOf: [{ required: ['source'] }, { required: ['value'] }] },
  reads: ['source'],
});

export type StatProps = WidgetPropsOf<typeof statContract>;
