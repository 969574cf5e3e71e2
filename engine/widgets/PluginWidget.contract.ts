import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';

/** One of the flows too rich for definitions (plugins/index.ts). */
export const pluginContract = defineWidget({
  name: 'plugin',
  props: { name: { enum: ['payment-flow', 'dispute-wizard', 'rejection-centre'] } },
  required: ['name'],
  reads: [],
});

export type PluginProps = WidgetPropsOf<typeof pluginContract>;
