import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** Tabs, each a link or its own widgets, with counts from a record. */
export const tabsContract = defineWidget({
  name: 'tabs',
  props: {
    source: ref('source', "A record each tab's `count` is read from."),
    tabs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['label'],
        properties: {
          label: ref('textKey'),
          to: ref('template'),
          count: {
            description: 'A field path into the source\'s record shown beside the label ("status_counts.open").',
            type: 'string',
          },
          children: ref('nodes'),
        },
      },
    },
  },
  required: ['tabs'],
  reads: ['source'],
});

export type TabsProps = WidgetPropsOf<typeof tabsContract>;
