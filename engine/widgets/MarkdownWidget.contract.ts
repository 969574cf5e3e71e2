import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** A translated text rendered as Markdown. */
export const markdownContract = defineWidget({
  name: 'markdown',
  props: { text: ref('textKey'), values: { type: 'object' }, tone: { enum: ['info', 'success', 'warning', 'plain'] } },
  required: ['text'],
  reads: [],
});

export type MarkdownProps = WidgetPropsOf<typeof markdownContract>;
