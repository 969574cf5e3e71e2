import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';

/** The language choice of the public pages. */
export const languagePickerContract = defineWidget({
  name: 'languagePicker',
  props: {},
  reads: [],
});

export type LanguagePickerProps = WidgetPropsOf<typeof languagePickerContract>;
