import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** A list of records as cards (notifications): title, text, date, links and attachments. */
export const listContract = defineWidget({
  name: 'list',
  props: {
    source: ref('source'),
    label: ref('textKey'),
    title: { description: "Field of the record's title.", type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_.]*$' },
    body: {
      description: "Field of the record's text (shown as plain text).",
      type: 'string',
      pattern: '^[A-Za-z_][A-Za-z0-9_.]*$',
    },
    date: {
      type: 'object',
      additionalProperties: false,
      required: ['field', 'label'],
      properties: { field: { type: 'string' }, format: ref('formatter'), label: ref('textKey') },
    },
    highlight: {
      description: 'Records matching `when` (a MongoDB-style query over the record) are marked with `label`.',
      type: 'object',
      additionalProperties: false,
      required: ['when', 'label'],
      properties: { when: { type: 'object' }, label: ref('textKey') },
    },
    links: {
      description: 'An array field of links; internal paths open in the portal, http(s) URLs in a new tab.',
      type: 'object',
      additionalProperties: false,
      required: ['field', 'label'],
      properties: { field: { type: 'string' }, label: ref('textKey'), text: { type: 'string' }, url: { type: 'string' } },
    },
    attachments: {
      description: 'An array field of files with name, size (bytes) and url; `download` names each link ({{name}}, {{size}}).',
      type: 'object',
      additionalProperties: false,
      required: ['field', 'label', 'download'],
      properties: {
        field: { type: 'string' },
        label: ref('textKey'),
        download: ref('textKey'),
        name: { type: 'string' },
        size: { type: 'string' },
        url: { type: 'string' },
      },
    },
    newTabHint: ref('textKey'),
    empty: ref('textKey'),
    failure: ref('textKey'),
  },
  required: ['source', 'title'],
  reads: ['source'],
});

export type ListProps = WidgetPropsOf<typeof listContract>;
