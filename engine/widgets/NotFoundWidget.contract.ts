import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';

/** The not-found (or error) page's body. */
export const notFoundContract = defineWidget({
  name: 'notFound',
  props: { variant: { enum: ['notFound', 'error'] } },
  reads: [],
});

export type NotFoundProps = WidgetPropsOf<typeof notFoundContract>;
