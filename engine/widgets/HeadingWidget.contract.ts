import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** A translated heading, level 1 to 3. */
export const headingContract = defineWidget({
  name: 'heading',
  props: {
    text: ref('textKey'),
    level: { enum: [1, 2, 3] },
    values: { description: 'The text\'s placeholders, each a binding ("{customer.customerName}").', type: 'object' },
  },
  required: ['text'],
  reads: [],
});

export type HeadingProps = WidgetPropsOf<typeof headingContract>;
