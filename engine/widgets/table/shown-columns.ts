import { useMemo } from 'react';
import { conditionHolds } from '../../../common/conditions.ts';
import type { BindingContext } from '../../definitions/bindings.ts';
import type { TableColumnDefinition, TableNode } from './types.ts';

/**
 * The columns whose `when` holds for this user (issue 24: a column hidden for payers). A column
 * left out is not in the table at all: not in its header, its column menu, its narrow-page fit or
 * a phone's cards, which all read the table's columns from here. Presentation only: the API still
 * answers the field.
 */
export function shownColumns(columns: readonly TableColumnDefinition[], context: BindingContext): TableColumnDefinition[] {
  return columns.filter((column) => !column.when || conditionHolds(column.when, context));
}

/**
 * The table definition with only its shown columns; the same object while the same columns show
 * (the bindings are a new object on most renders, and TanStack rebuilds on a new column list).
 */
export function useShownColumns(definition: TableNode, context: BindingContext): TableNode {
  const shown = shownColumns(definition.columns, context);
  const key = shown.length === definition.columns.length ? '' : shown.map((column) => column.field).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the shown columns; `shown` itself is new on every render.
  return useMemo(() => (key === '' ? definition : { ...definition, columns: shown }), [definition, key]);
}
