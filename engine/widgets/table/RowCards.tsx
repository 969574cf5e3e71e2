import type { ReactElement } from 'react';
import { useCellEnvironmentValue, CellEnvironmentProvider } from './cell-environment.ts';
import { useStore } from 'zustand';
import { actionsCardPart, dataCardValue, selectionBox } from './cells.tsx';
import { ACTIONS_COLUMN_ID, SELECT_COLUMN_ID, rowLabel, type PortalColumn, type PortalTable } from './columns.tsx';
import classes from './table.module.css';
import { NOTHING_FITS } from './text-fit.ts';
import type { TableColumnDefinition, TableNode } from './types.ts';
import type { RowSelection } from './use-row-selection.ts';

/**
 * The fields of a row's card (issue 26, a phone): the key columns first, then the other columns
 * `shown` lets through (RowCards: those shown, but an optional one only when the user picked it).
 */
export function cardFields(
  columns: readonly TableColumnDefinition[],
  shown: (column: TableColumnDefinition) => boolean,
): TableColumnDefinition[] {
  const visible = columns.filter(shown);
  return [...visible.filter((column) => column.priority === 'key'), ...visible.filter((column) => column.priority !== 'key')];
}

/**
 * A list on a phone: one card per row of the page, each value under its column's label, with
 * the row's selection box and actions (the same cells' content as the table's), so nothing
 * scrolls sideways. The list keeps the table's accessible name.
 */
export function RowCards({
  definition,
  table,
  chosen,
  selection,
}: {
  definition: TableNode;
  table: PortalTable;
  chosen: (id: string) => boolean;
  selection: RowSelection;
}) {
  const environment = useCellEnvironmentValue(NOTHING_FITS);
  // A page of cards is short (a phone's page size): the list renders again on a tick.
  const selected = useStore(selection.store, (state) => state.selected);
  const columns = table.getVisibleLeafColumns();
  const byId = new Map(columns.map((column) => [column.id, column] as const));
  const fields = cardFields(
    definition.columns,
    (column) => byId.has(column.field) && (column.priority !== 'optional' || chosen(column.field)),
  );
  const label = environment.t(definition.caption ?? 'table.results');
  return (
    <CellEnvironmentProvider value={environment}>
      <ul className={classes.cards} aria-label={label} data-cards="">
        {table.getRowModel().rows.map((row): ReactElement => {
          const record = row.original.record;
          const name = rowLabel(definition, row.original);
          return (
            <li key={row.id} className={classes.card} data-row-id={row.id} data-selected={selected.has(row.id) || undefined}>
              {byId.has(SELECT_COLUMN_ID) ? selectionBox(row.original, name, environment, selection, selected.has(row.id)) : null}
              <dl className={classes.cardFields}>
                {fields.map((column) => (
                  <div key={column.field} className={classes.cardField} data-column={column.field}>
                    <dt>{environment.t(column.label)}</dt>
                    <dd>{dataCardValue(column, record, environment)}</dd>
                  </div>
                ))}
              </dl>
              {byId.has(ACTIONS_COLUMN_ID) ? actionsCardPart(actionsOf(byId.get(ACTIONS_COLUMN_ID)!), record, name) : null}
            </li>
          );
        })}
      </ul>
    </CellEnvironmentProvider>
  );
}

function actionsOf(column: PortalColumn) {
  return column.columnDef.meta?.rowActions ?? [];
}
