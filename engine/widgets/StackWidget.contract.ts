import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** Widgets in a row or column, optionally on a card. */
export const stackContract = defineWidget({
  name: 'stack',
  props: { children: ref('nodes'), direction: { enum: ['row', 'column'] }, card: { type: 'boolean' } },
  required: ['children'],
  reads: [],
});

export type StackProps = WidgetPropsOf<typeof stackContract>;
