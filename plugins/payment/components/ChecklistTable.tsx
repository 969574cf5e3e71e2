import type { ReactNode } from 'react';
import { Checkbox, Table } from '@mantine/core';
import { useText } from '../../../engine/i18n/use-text.ts';

export interface ChecklistColumn<Row> {
  label: string;
  cell(row: Row): ReactNode;
  align?: 'left' | 'right';
}

interface ChecklistProps<Row> {
  caption: string;
  rows: readonly Row[];
  rowId(row: Row): string;
  /** Names the row's checkbox for screen readers: "Select INV-100003". */
  rowLabel(row: Row): string;
  columns: ReadonlyArray<ChecklistColumn<Row>>;
  chosen: readonly string[];
  onChange(ids: string[]): void;
  name: string;
}

/** A small table to choose rows from (the invoices or the customers of a payment), with select all. */
export function ChecklistTable<Row>({ caption, rows, rowId, rowLabel, columns, chosen, onChange, name }: ChecklistProps<Row>) {
  const { t } = useText();
  const ids = rows.map(rowId);
  const picked = new Set(chosen);
  const count = ids.filter((id) => picked.has(id)).length;
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table captionSide="top" highlightOnHover data-checklist={name}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <Checkbox
                aria-label={t('payments.select.all')}
                checked={rows.length > 0 && count === rows.length}
                indeterminate={count > 0 && count < rows.length}
                disabled={rows.length === 0}
                onChange={(event) => onChange(event.currentTarget.checked ? ids : [])}
              />
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.label} style={{ textAlign: column.align ?? 'left' }}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = rowId(row);
            return (
              <Table.Tr key={id} data-row-id={id}>
                <Table.Td>
                  <Checkbox
                    aria-label={rowLabel(row)}
                    checked={picked.has(id)}
                    onChange={(event) => toggle(id, event.currentTarget.checked)}
                  />
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.label} style={{ textAlign: column.align ?? 'left' }}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
