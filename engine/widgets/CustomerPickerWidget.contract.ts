import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';

/** The customer (and location) choice. */
export const customerPickerContract = defineWidget({
  name: 'customerPicker',
  props: {},
  reads: [],
});

export type CustomerPickerProps = WidgetPropsOf<typeof customerPickerContract>;
