import type { LazyExoticComponent } from 'react';
import { lazyChunk } from '../runtime/chunk-timeout.ts';
import ActionsWidget from '../widgets/ActionsWidget.tsx';
import HeadingWidget from '../widgets/HeadingWidget.tsx';
import MarkdownWidget from '../widgets/MarkdownWidget.tsx';
import type { WidgetName } from './names.ts';
import type { WidgetComponent } from './widget-contract.ts';

type WidgetModule = () => Promise<{ default: WidgetComponent }>;

/**
 * The widgets nearly every screen shows, the sign-in pages too (a heading, text, actions): they
 * come with the entry rather than as a chunk every page fetches anyway, which the /login budget
 * (bench/bundle.ts) counts as one more file compressed on its own. Stack stays lazy: it renders a
 * widget tree, which reads this registry.
 */
const inEntry: Partial<Record<WidgetName, WidgetComponent>> = { actions: ActionsWidget, heading: HeadingWidget, markdown: MarkdownWidget };
const loaded =
  (component: WidgetComponent): WidgetModule =>
  () =>
    Promise.resolve({ default: component });

/**
 * Widget name → its module, loaded on first use: a screen pulls in only the widgets it uses,
 * and a route loader may start them before the screen renders (routing/prefetch-screen.ts).
 * Keyed by WidgetName, so a missing or extra entry fails the type check.
 */
export const widgetModules: Record<WidgetName, WidgetModule> = {
  table: () => import('../widgets/table/TableWidget.tsx'),
  form: () => import('../widgets/form/FormWidget.tsx'),
  stat: () => import('../widgets/StatWidget.tsx'),
  detail: () => import('../widgets/DetailWidget.tsx'),
  tabs: () => import('../widgets/TabsWidget.tsx'),
  chart: () => import('../widgets/ChartWidget.tsx'),
  actions: loaded(ActionsWidget),
  markdown: loaded(MarkdownWidget),
  upload: () => import('../widgets/UploadWidget.tsx'),
  plugin: () => import('../widgets/PluginWidget.tsx'),
  heading: loaded(HeadingWidget),
  frame: () => import('../widgets/FrameWidget.tsx'),
  stack: () => import('../widgets/StackWidget.tsx'),
  notFound: () => import('../widgets/NotFoundWidget.tsx'),
  languagePicker: () => import('../widgets/LanguagePickerWidget.tsx'),
  customerPicker: () => import('../widgets/CustomerPickerWidget.tsx'),
  merchantPicker: () => import('../widgets/MerchantPickerWidget.tsx'),
  list: () => import('../widgets/ListWidget.tsx'),
  csvImport: () => import('../widgets/CsvImportWidget.tsx'),
  multiUpload: () => import('../widgets/MultiUploadWidget.tsx'),
};

/** Widget name → its component: those in the entry as they are, the others loaded lazily from widgetModules. */
export const widgetRegistry = Object.fromEntries(
  Object.entries(widgetModules).map(([name, load]) => [name, inEntry[name as WidgetName] ?? lazyChunk(load)]),
) as Record<WidgetName, WidgetComponent | LazyExoticComponent<WidgetComponent>>;
