import { memo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';
import { isVisible } from '../../../domain/conditions.ts';
import { resolveBinding } from '../../definitions/bindings.ts';
import type { ActionDefinition } from '../../definitions/types.ts';
import { statusKey } from '../../format/formatters.ts';
import { useCellEnvironment } from './cell-environment.ts';
import classes from './table.module.css';
import type { TableColumnDefinition } from './types.ts';

// spec §4 invoice statuses; anything else is shown neutral.
const STATUS_COLORS: Record<string, string> = {
  'common.status.billed': 'blue', 'common.status.pastDue': 'red', 'common.status.pending': 'yellow',
  'common.status.paymentPending': 'yellow', 'common.status.paid': 'green', 'common.status.unbilled': 'gray',
  'common.status.disputed': 'orange', 'common.status.onHold': 'grape', 'common.status.adjusted': 'cyan',
  'common.status.terminated': 'dark',
};

/**
 * One cell: the value formatted by the formatter registry (currency in the row's currencyField),
 * a router link when the column has `link`, a badge for statuses.
 */
export const CellValue = memo(function CellValue({ column, record }: { column: TableColumnDefinition; record: Record<string, unknown> }) {
  const { format, bindings, portalPath } = useCellEnvironment();
  const value = record[column.field];
  const currency = column.currencyField ? record[column.currencyField] : undefined;
  const text = format(column.format, value, typeof currency === 'string' ? currency : undefined);
  if (column.format === 'status' && text) {
    // A plain span styled like Mantine's light badge: a virtual list mounts many per frame.
    const color = STATUS_COLORS[statusKey(String(value))] ?? 'gray';
    return <span className={classes.status} style={{ background: `var(--mantine-color-${color}-light)`, color: `var(--mantine-color-${color}-light-color)` }}>{text}</span>;
  }
  if (column.link && text) {
    const target = String(resolveBinding(column.link, { ...bindings, record }));
    // An API file (a document's content) is saved by the browser, never routed in the portal.
    if (column.download) return <a className={classes.link} href={target} download>{text}</a>;
    return <Link className={classes.link} to={portalPath(target)}>{text}</Link>;
  }
  return <>{text}</>;
});

/**
 * The row's own actions (delete a document…), run with the row as `record`; each shows only when
 * the policy allows it and its `when` matches with the row (`{ "record.removable": true }`).
 * The buttons are named with the row ("Delete: INV-1.pdf") so they differ for screen readers.
 */
export const RowActions = memo(function RowActions({ actions, record, label }: { actions: ActionDefinition[]; record: Record<string, unknown>; label: string }) {
  const { t, ability, bindings, run } = useCellEnvironment();
  const [running, setRunning] = useState<number | null>(null);
  const context = { ...bindings, record };
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action, index) => (isVisible(action, ability, context) ? (
        <Button key={index} size="compact-xs" variant={(action.variant as 'light' | undefined) ?? 'light'} color={action.color as string | undefined}
          data-action={action.label} loading={running === index} aria-label={t('table.rowAction', { action: t(String(action.label)), label })}
          onClick={async () => { setRunning(index); try { await run(action, { record }); } finally { setRunning(null); } }}>
          {t(String(action.label))}
        </Button>
      ) : null))}
    </Group>
  );
});

interface CheckboxProps {
  checked: boolean;
  disabled: boolean;
  onToggle: (event: unknown) => void;
}

/**
 * The row's selection box, named after the row ("Select row INV-1001"). A native checkbox:
 * accessible as is, and cheap to mount by the dozen while scrolling.
 */
export function RowCheckbox({ label, checked, disabled, onToggle }: CheckboxProps & { label: string }) {
  const { t } = useCellEnvironment();
  return <input type="checkbox" className={classes.checkbox} aria-label={t('table.selectRow', { label })} checked={checked} disabled={disabled} onChange={onToggle} />;
}

/** Selects every selectable row of the page shown (all of it, not only the rows in view). */
export function SelectAllCheckbox({ checked, indeterminate, disabled, onToggle }: CheckboxProps & { indeterminate: boolean }) {
  const { t } = useCellEnvironment();
  return (
    <input type="checkbox" className={classes.checkbox} aria-label={t('table.selectAll')} checked={checked} disabled={disabled} onChange={onToggle}
      ref={(element) => { if (element) element.indeterminate = indeterminate; }} />
  );
}

/** The row-actions column's header: named for screen readers, empty on screen. */
export function ActionsHeader() {
  const { t } = useCellEnvironment();
  return <span className={classes.visuallyHidden}>{t('table.actions')}</span>;
}
