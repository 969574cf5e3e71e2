import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** A row of action buttons (or actions run at once with `auto`). */
export const actionsContract = defineWidget({
  name: 'actions',
  props: { actions: { type: 'array', items: ref('actionDefinition') }, auto: { type: 'boolean' } },
  required: ['actions'],
  reads: [],
});

export type ActionsProps = WidgetPropsOf<typeof actionsContract>;
