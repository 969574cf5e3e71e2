import { lazy, type LazyExoticComponent } from 'react';
import type { WidgetName } from './names.ts';
import type { WidgetComponent } from './widget-contract.ts';

type WidgetModule = () => Promise<{ default: WidgetComponent }>;

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
  actions: () => import('../widgets/ActionsWidget.tsx'),
  markdown: () => import('../widgets/MarkdownWidget.tsx'),
  upload: () => import('../widgets/UploadWidget.tsx'),
  plugin: () => import('../widgets/PluginWidget.tsx'),
  heading: () => import('../widgets/HeadingWidget.tsx'),
  frame: () => import('../widgets/FrameWidget.tsx'),
  stack: () => import('../widgets/StackWidget.tsx'),
  notFound: () => import('../widgets/NotFoundWidget.tsx'),
  languagePicker: () => import('../widgets/LanguagePickerWidget.tsx'),
  customerPicker: () => import('../widgets/CustomerPickerWidget.tsx'),
  merchantPicker: () => import('../widgets/MerchantPickerWidget.tsx'),
  list: () => import('../widgets/ListWidget.tsx'),
};

/** Widget name → lazily loaded component, from widgetModules. */
export const widgetRegistry = Object.fromEntries(
  Object.entries(widgetModules).map(([name, load]) => [name, lazy(load)]),
) as Record<WidgetName, LazyExoticComponent<WidgetComponent>>;
