import { lazy, type LazyExoticComponent } from 'react';
import type { WidgetName } from './names.ts';
import type { WidgetComponent } from './widget-contract.ts';

/**
 * Widget name → lazily loaded component: a screen pulls in only the widgets it uses.
 * Keyed by WidgetName, so a missing or extra entry fails the type check.
 */
export const widgetRegistry: Record<WidgetName, LazyExoticComponent<WidgetComponent>> = {
  table: lazy(() => import('../widgets/table/TableWidget.tsx')),
  form: lazy(() => import('../widgets/form/FormWidget.tsx')),
  stat: lazy(() => import('../widgets/StatWidget.tsx')),
  detail: lazy(() => import('../widgets/DetailWidget.tsx')),
  tabs: lazy(() => import('../widgets/TabsWidget.tsx')),
  chart: lazy(() => import('../widgets/ChartWidget.tsx')),
  actions: lazy(() => import('../widgets/ActionsWidget.tsx')),
  markdown: lazy(() => import('../widgets/MarkdownWidget.tsx')),
  upload: lazy(() => import('../widgets/UploadWidget.tsx')),
  plugin: lazy(() => import('../widgets/PluginWidget.tsx')),
  heading: lazy(() => import('../widgets/HeadingWidget.tsx')),
  frame: lazy(() => import('../widgets/FrameWidget.tsx')),
  stack: lazy(() => import('../widgets/StackWidget.tsx')),
  notFound: lazy(() => import('../widgets/NotFoundWidget.tsx')),
  languagePicker: lazy(() => import('../widgets/LanguagePickerWidget.tsx')),
  customerPicker: lazy(() => import('../widgets/CustomerPickerWidget.tsx')),
  merchantPicker: lazy(() => import('../widgets/MerchantPickerWidget.tsx')),
  list: lazy(() => import('../widgets/ListWidget.tsx')),
};
