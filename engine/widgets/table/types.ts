import type { TableProps } from './table.contract.ts';

/**
 * The table node of a screen definition (schemas/screen.schema.json, widget "table"), as its contract
 * (table.contract.ts) declares it: the types are derived from that schema, not written again.
 * Paging, sorting and filtering happen on the server through the JSON:API list parameters
 * (server/http/list-query.ts); the table only names them.
 */
export type TableNode = TableProps;

/** A column: `field` (an attribute of the resource), its text, format, sort name, width weight and priority (issue 26). */
export type TableColumnDefinition = TableNode['columns'][number];

export type ColumnPriority = NonNullable<TableColumnDefinition['priority']>;

/** A filter the user sets, sent as filter[<filter>]. */
export type TableFilterDefinition = NonNullable<TableNode['filters']>[number];

export type FilterType = TableFilterDefinition['type'];

export type SortDirection = NonNullable<TableNode['defaultSort']>['direction'];
export interface SortChoice {
  sort: string;
  direction: SortDirection;
}

/** What the user chose in the table's controls. Filter values are the raw texts typed. */
export interface TableUiState {
  pageIndex: number;
  pageSize: number;
  sort: SortChoice | null;
  search: string;
  filters: Record<string, string>;
}

/** One loaded row: its id and the resource's attributes. */
export interface TableRow {
  id: string;
  record: Record<string, unknown>;
}

export const DEFAULT_PAGE_SIZES = [25, 50, 100] as const;
