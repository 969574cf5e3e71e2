/**
 * The names definitions may use, derived from the contracts: widgets from
 * registry/widget-contracts.ts, actions from actions/action-contracts.ts. The portal's code imports
 * only the types from here (type imports vanish from the bundle); the screen schema's enums come
 * from the same lists (registry/screen-schema.ts).
 */
import { actionContracts } from '../actions/action-contracts.ts';
import { widgetContracts } from './widget-contracts.ts';

export type WidgetName = keyof typeof widgetContracts;
export const WIDGET_NAMES = Object.keys(widgetContracts) as WidgetName[];

export type ActionName = keyof typeof actionContracts;
export const ACTION_NAMES = Object.keys(actionContracts) as ActionName[];

export { FORMATTER_NAMES, type FormatterName } from './formatter-names.ts';
