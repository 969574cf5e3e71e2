import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';

/** The merchant choice. */
export const merchantPickerContract = defineWidget({
  name: 'merchantPicker',
  props: {},
  reads: [],
});

export type MerchantPickerProps = WidgetPropsOf<typeof merchantPickerContract>;
