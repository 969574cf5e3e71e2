import type { ActionDefinition, WidgetNode } from '../../definitions/types.ts';
import type { FormatterName } from '../../registry/names.ts';
import type { NoticeDefinition } from '../notices.ts';

/**
 * The table node of a screen definition (schemas/screen.schema.json, widget "table").
 * Paging, sorting and filtering happen on the server through the JSON:API list parameters
 * (server/http/list-query.ts); the table only names them.
 */
export interface TableColumnDefinition {
  /** Attribute of the JSON:API resource ("invoiceId"). */
  field: string;
  label: string;
  format?: FormatterName;
  /** For format "currency": the row attribute holding the ISO currency ("currency"). */
  currencyField?: string;
  /** A route template over the row: "/invoice/{record.trxId}". */
  link?: string;
  /** The server's sort name (filter[sort]=<sort>|asc); absent means not sortable. */
  sort?: string;
  align?: 'left' | 'center' | 'right';
  /**
   * Preferred width in pixels: a column is at least as wide as its content up to this width (then
   * clips), and room left over is shared in proportion to it (columns.tsx columnTracks).
   */
  width?: number;
  /** `link` is a file of the API: a plain link the browser saves, not a route of the portal. */
  download?: boolean;
  /** Not shown until the user picks it in the column menu (a wide table fits the page). */
  defaultHidden?: boolean;
  /** Not shown, until the user picks it, while no loaded row has a value in it. */
  hideWhenEmpty?: boolean;
  /**
   * How the column gives way on a narrow page (issue 26). `key`: an identifier or amount, never
   * squeezed or clipped, and labelled on a phone's card; `optional`: dropped first when the
   * columns do not fit (the column menu brings it back). Unset: squeezed, its text wrapping.
   */
  priority?: ColumnPriority;
}

export type ColumnPriority = 'key' | 'optional';

export type FilterType = 'date' | 'money' | 'text' | 'select';

export interface TableFilterDefinition {
  /** Sent as filter[<filter>]. */
  filter: string;
  label: string;
  type: FilterType;
  options?: Array<{ value: string; label: string }>;
  /** select: options from a list resource; `value` and `label` name record fields (data, not translated). */
  optionsSource?: { source: { resource: string; filter?: Record<string, unknown>; params?: Record<string, unknown> }; value: string; label: string };
}

export type SortDirection = 'asc' | 'desc';
export interface SortChoice { sort: string; direction: SortDirection }

export interface TableNode extends WidgetNode {
  widget: 'table';
  source: { resource: string; filter?: Record<string, unknown>; params?: Record<string, unknown> };
  columns: TableColumnDefinition[];
  /** Row attribute identifying a row (selection keeps ids); default the resource id. */
  rowId?: string;
  defaultSort?: SortChoice;
  pageSizes?: number[];
  defaultPageSize?: number;
  search?: { filter: string; placeholder?: string };
  filters?: TableFilterDefinition[];
  selection?: 'single' | 'multiple';
  /** A MongoDB-style query (ucast) over the row: which rows may be selected. */
  selectable?: Record<string, unknown>;
  actions?: ActionDefinition[];
  /** Buttons in each row, run with the row as `record`; their `when` may test record fields. */
  rowActions?: ActionDefinition[];
  /** Text shown when the list is empty. */
  empty?: string;
  /** Text shown when the user's search or filters leave nothing (default table.noMatch), beside a button clearing them. */
  emptyFiltered?: string;
  /** The table's accessible name (default "Results"). */
  caption?: string;
  /** Notices the list's response asks for (its meta matches their query). */
  notices?: NoticeDefinition[];
  /** The title when the list cannot load (default table.error): "Unable to load card information". */
  failure?: string;
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
