/**
 * The names definitions may use. The screen schema's enums and the registries' keys both
 * come from here (a test checks schemas/screen.schema.json against these lists).
 */
export const WIDGET_NAMES = [
  'table', 'form', 'stat', 'detail', 'tabs', 'chart', 'actions', 'markdown', 'upload', 'plugin',
  'heading', 'frame', 'stack', 'notFound', 'languagePicker', 'customerPicker', 'merchantPicker', 'list', 'csvImport', 'multiUpload',
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

export const FORMATTER_NAMES = [
  'text', 'currency', 'date', 'dateCentral', 'dateTime', 'dateTimeCentral', 'status', 'fileSize', 'phone', 'percent', 'number', 'yesNo',
  'month',
] as const;
export type FormatterName = (typeof FORMATTER_NAMES)[number];

export const ACTION_NAMES = ['navigate', 'mutate', 'download', 'toast', 'signIn', 'signOut', 'reload', 'reveal'] as const;
export type ActionName = (typeof ACTION_NAMES)[number];
