/**
 * Every widget's contract, by name: the one list the screen schema (registry/screen-schema.ts),
 * the registry's names (registry/names.ts), the first reads and the definition check read.
 * Build and check time only: the portal's code imports the names as types, never this module.
 */
import { actionsContract } from '../widgets/ActionsWidget.contract.ts';
import { chartContract } from '../widgets/chart/chart.contract.ts';
import { csvImportContract } from '../widgets/CsvImportWidget.contract.ts';
import { customerPickerContract } from '../widgets/CustomerPickerWidget.contract.ts';
import { detailContract } from '../widgets/DetailWidget.contract.ts';
import { formContract } from '../widgets/form/form.contract.ts';
import { frameContract } from '../widgets/FrameWidget.contract.ts';
import { headingContract } from '../widgets/HeadingWidget.contract.ts';
import { languagePickerContract } from '../widgets/LanguagePickerWidget.contract.ts';
import { listContract } from '../widgets/ListWidget.contract.ts';
import { markdownContract } from '../widgets/MarkdownWidget.contract.ts';
import { multiUploadContract } from '../widgets/MultiUploadWidget.contract.ts';
import { merchantPickerContract } from '../widgets/MerchantPickerWidget.contract.ts';
import { notFoundContract } from '../widgets/NotFoundWidget.contract.ts';
import { pluginContract } from '../widgets/PluginWidget.contract.ts';
import { stackContract } from '../widgets/StackWidget.contract.ts';
import { statContract } from '../widgets/StatWidget.contract.ts';
import { tableContract } from '../widgets/table/table.contract.ts';
import { tabsContract } from '../widgets/TabsWidget.contract.ts';
import { uploadContract } from '../widgets/UploadWidget.contract.ts';
import type { WidgetContract } from './define-widget.ts';

export const widgetContracts = {
  table: tableContract,
  form: formContract,
  stat: statContract,
  detail: detailContract,
  tabs: tabsContract,
  chart: chartContract,
  actions: actionsContract,
  markdown: markdownContract,
  upload: uploadContract,
  plugin: pluginContract,
  heading: headingContract,
  frame: frameContract,
  stack: stackContract,
  notFound: notFoundContract,
  languagePicker: languagePickerContract,
  customerPicker: customerPickerContract,
  merchantPicker: merchantPickerContract,
  list: listContract,
  csvImport: csvImportContract,
  multiUpload: multiUploadContract,
} as const satisfies Record<string, WidgetContract>;

/** The contract of a widget name, if the name is one. */
export function contractOf(widget: unknown): WidgetContract | undefined {
  return typeof widget === 'string' && Object.hasOwn(widgetContracts, widget)
    ? widgetContracts[widget as keyof typeof widgetContracts]
    : undefined;
}
