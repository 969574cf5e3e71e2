import { useId } from 'react';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useFormatter } from '../../format/use-formatter.ts';
import { useText } from '../../i18n/use-text.ts';
import type { PortalTable } from './columns.tsx';
import { pageRange } from './list-params.ts';
import type { TableData } from './use-table-data.ts';

/** "1–50 of 1,234", the page size choice (spec §9: selectable by the user) and the page links. */
export function TablePager({ table, data }: { table: PortalTable; data: TableData }) {
  const { t } = useText();
  const formatValue = useFormatter();
  const pageSizeId = useId();
  const { pageIndex, pageSize } = data.ui;
  const range = pageRange(pageIndex, pageSize, data.rows.length, data.total);
  const number = (value: number) => formatValue('number', value);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" aria-live="polite" data-range="true">
        {t('table.rangeOfTotal', { from: number(range.from), to: number(range.to), total: number(range.total) })}
      </Text>
      <Group gap="md" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" component="label" htmlFor={pageSizeId}>
            {t('table.pageSize')}
          </Text>
          <Select
            id={pageSizeId}
            size="xs"
            w={90}
            allowDeselect={false}
            value={String(pageSize)}
            data={data.pageSizes.map(String)}
            onChange={(value) => {
              if (value) table.setPageSize(Number(value));
            }}
          />
        </Group>
        <nav aria-label={t('table.pagination')}>
          <Pagination
            size="sm"
            siblings={1}
            total={table.getPageCount()}
            value={pageIndex + 1}
            onChange={(page) => table.setPageIndex(page - 1)}
            getControlProps={(control) => ({
              'aria-label': t(
                control === 'previous'
                  ? 'table.previous'
                  : control === 'next'
                    ? 'table.next'
                    : control === 'first'
                      ? 'table.first'
                      : 'table.last',
              ),
            })}
            getItemProps={(page) => ({ 'aria-label': t('table.page', { page }) })}
          />
        </nav>
      </Group>
    </Group>
  );
}
