import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** A legacy page of the same origin in a frame. */
export const frameContract = defineWidget({
  name: 'frame',
  props: { src: ref('template'), title: ref('textKey') },
  required: ['src', 'title'],
  reads: [],
});

export type FrameProps = WidgetPropsOf<typeof frameContract>;
