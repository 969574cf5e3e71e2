import { memo, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { isVisible } from '../../../domain/visibility.ts';
import { resolveBinding } from '../../definitions/bindings.ts';
import type { ActionDefinition } from '../../definitions/types.ts';
import { statusKey } from '../../format/formatters.ts';
import { useCellEnvironment, type CellEnvironment } from './cell-environment.ts';
import type { PortalRow } from './columns.tsx';
import classes from './table.module.css';
import type { TableColumnDefinition, TableRow } from './types.ts';
import { usePageSelection, type RowSelection } from './use-row-selection.ts';

// spec §4 invoice and card statuses; anything else is shown neutral (table.module.css holds the colours).
const STATUS_COLORS: Record<string, string> = {
  'common.status.billed': 'blue',
  'common.status.pastDue': 'red',
  'common.status.pending': 'yellow',
  'common.status.paymentPending': 'yellow',
  'common.status.paid': 'green',
  'common.status.unbilled': 'gray',
  'common.status.disputed': 'orange',
  'common.status.onHold': 'grape',
  'common.status.adjusted': 'cyan',
  'common.status.terminated': 'dark',
  // spec §4 card states.
  'common.status.active': 'green',
  'common.status.requested': 'yellow',
  'common.status.activation': 'cyan',
};

/** The cell links the table routes itself (VirtualTable), instead of a router <Link> per cell. */
export const ROUTED_LINK_SELECTOR = 'a[data-routed]';

/** A cell's horizontal padding in pixels (VirtualTable sets it on the table for the CSS). */
export const CELL_PADDING = 8;

export const ALIGN_CLASSES = { left: classes.alignLeft, center: classes.alignCenter, right: classes.alignRight } as const;

/**
 * The cell's class: aligned as the column says, and only when its text does not fit, wrapping it
 * onto a second line (a name, a reason) or, for a key value not yet measured, clipping it.
 */
function cellClass(column: TableColumnDefinition, fits: boolean): string {
  const overflow = fits ? undefined : column.priority === 'key' || column.format === 'status' ? classes.clip : classes.wrap;
  return [classes.cell, column.align && ALIGN_CLASSES[column.align], overflow].filter(Boolean).join(' ');
}

/**
 * A data cell: the value formatted by the formatter registry (currency in the row's
 * currencyField), a link when the column has `link`, a badge for statuses. Plain elements, no
 * component: rows entering a scrolled view render a dozen of these each. A text wider than the
 * least its column gets (environment.rooms) clips.
 */
export function dataCell(column: TableColumnDefinition, record: Record<string, unknown>, environment: CellEnvironment): ReactElement {
  const value = record[column.field];
  const currency = column.currencyField ? record[column.currencyField] : undefined;
  const text = environment.format(column.format, value, typeof currency === 'string' ? currency : undefined);
  const room = environment.rooms[column.field] ?? 0;
  if (column.format === 'status' && text) {
    const fits = environment.fits(text, room, 'badge');
    return (
      <td key={column.field} className={cellClass(column, fits)}>
        <span
          className={fits ? classes.status : `${classes.status} ${classes.clip}`}
          data-color={STATUS_COLORS[statusKey(String(value))] ?? 'gray'}
        >
          {text}
        </span>
      </td>
    );
  }
  return (
    <td key={column.field} className={cellClass(column, environment.fits(text, room))}>
      {linkOrText(column, record, text, environment)}
    </td>
  );
}

/** A value on a row's card (RowCards): as the table's cell shows it, never clipped. */
export function dataCardValue(column: TableColumnDefinition, record: Record<string, unknown>, environment: CellEnvironment): ReactNode {
  const value = record[column.field];
  const currency = column.currencyField ? record[column.currencyField] : undefined;
  const text = environment.format(column.format, value, typeof currency === 'string' ? currency : undefined);
  if (column.format === 'status' && text) {
    return (
      <span className={classes.status} data-color={STATUS_COLORS[statusKey(String(value))] ?? 'gray'}>
        {text}
      </span>
    );
  }
  return linkOrText(column, record, text, environment);
}

function linkOrText(column: TableColumnDefinition, record: Record<string, unknown>, text: string, environment: CellEnvironment): ReactNode {
  if (!column.link || !text) return text;
  const target = String(resolveBinding(column.link, { ...environment.bindings, record }));
  // An API file (a document's content) is saved by the browser, never routed in the portal.
  if (column.download)
    return (
      <a className={classes.link} href={target} download>
        {text}
      </a>
    );
  // Never a link the user cannot open (issue 26 defect 3): the text alone.
  if (!environment.canOpen(target)) return text;
  return (
    <a className={classes.link} href={environment.portalPath(target)} data-routed="">
      {text}
    </a>
  );
}

/**
 * The row's selection cell, its box named after the row ("Select row INV-1001"). A native
 * checkbox: accessible as is, and cheap to mount by the dozen while scrolling.
 */
export function selectionCell(
  id: string,
  row: PortalRow,
  label: string,
  environment: CellEnvironment,
  selection: RowSelection,
  selected: boolean,
): ReactElement {
  return (
    <td key={id} className={classes.cell}>
      {selectionBox(row.original, label, environment, selection, selected)}
    </td>
  );
}

/** A row's selection box (the table's cell, a card's box), toggling the row in the selection. */
export function selectionBox(
  row: TableRow,
  label: string,
  environment: CellEnvironment,
  selection: RowSelection,
  selected: boolean,
): ReactElement {
  return (
    <input
      type="checkbox"
      className={classes.checkbox}
      aria-label={environment.t('table.selectRow', { label })}
      checked={selected}
      disabled={!selection.canSelect(row)}
      onChange={(event) => selection.toggle(row, event.currentTarget.checked)}
    />
  );
}

/** A card's row actions (RowCards), wrapping onto more lines when they need to. */
export function actionsCardPart(actions: ActionDefinition[], record: Record<string, unknown>, label: string): ReactElement {
  return (
    <div className={classes.cardActions}>
      <RowActions actions={actions} record={record} label={label} wrap />
    </div>
  );
}

/**
 * The row's actions cell (RowActions): its column is as wide as the widest row's buttons
 * (content-widths.ts), and sticks to the right edge when the table scrolls sideways.
 */
export function actionsCell(id: string, actions: ActionDefinition[], record: Record<string, unknown>, label: string): ReactElement {
  return (
    <td key={id} className={`${classes.cell} ${classes.sticky}`} data-column={id}>
      <RowActions actions={actions} record={record} label={label} />
    </td>
  );
}

/**
 * The row's own actions (delete a document…), run with the row as `record`; each shows only when
 * the policy allows it and its `when` matches with the row (`{ "record.removable": true }`).
 * The buttons are named with the row ("Delete: INV-1.pdf") so they differ for screen readers.
 */
const RowActions = memo(function RowActions({
  actions,
  record,
  label,
  wrap = false,
}: {
  actions: ActionDefinition[];
  record: Record<string, unknown>;
  label: string;
  wrap?: boolean;
}) {
  const { t, ability, bindings, run } = useCellEnvironment();
  const [running, setRunning] = useState<number | null>(null);
  const context = { ...bindings, record };
  return (
    <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'}>
      {actions.map((action, index) =>
        isVisible(action, ability, context) ? (
          <Button
            key={index}
            size="compact-xs"
            variant={(action.variant as 'light' | undefined) ?? 'light'}
            color={action.color as string | undefined}
            data-action={action.label}
            loading={running === index}
            aria-label={t('table.rowAction', { action: t(String(action.label)), label })}
            onClick={async () => {
              setRunning(index);
              try {
                await run(action, { record });
              } finally {
                setRunning(null);
              }
            }}
          >
            {t(String(action.label))}
          </Button>
        ) : null,
      )}
    </Group>
  );
});

/** Selects every selectable row of the page shown (all of it, not only the rows in view), or unselects them. */
export function SelectAllCheckbox({ rows, selection }: { rows: readonly PortalRow[]; selection: RowSelection }) {
  const { t } = useCellEnvironment();
  const page = useMemo(() => rows.map((row) => row.original), [rows]);
  const state = usePageSelection(selection, page);
  const disabled = useMemo(() => !page.some(selection.canSelect), [page, selection]);
  return (
    <input
      type="checkbox"
      className={classes.checkbox}
      aria-label={t('table.selectAll')}
      checked={state === 'all'}
      disabled={disabled}
      onChange={(event) => selection.setPage(page, event.currentTarget.checked)}
      ref={(element) => {
        if (element) element.indeterminate = state === 'some';
      }}
    />
  );
}

/** The row-actions column's header: named for screen readers, empty on screen. */
export function ActionsHeader() {
  const { t } = useCellEnvironment();
  return <span className={classes.visuallyHidden}>{t('table.actions')}</span>;
}
