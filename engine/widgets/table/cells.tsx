import { memo } from 'react';
import { Link } from 'react-router';
import { Badge } from '@mantine/core';
import { resolveBinding } from '../../definitions/bindings.ts';
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
    return <Badge variant="light" size="sm" color={STATUS_COLORS[statusKey(String(value))] ?? 'gray'}>{text}</Badge>;
  }
  if (column.link && text) {
    return <Link className={classes.link} to={portalPath(String(resolveBinding(column.link, { ...bindings, record })))}>{text}</Link>;
  }
  return <>{text}</>;
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
