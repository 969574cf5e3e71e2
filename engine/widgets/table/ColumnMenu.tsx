import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { useText } from '../../i18n/use-text.ts';
import type { ColumnVisibilityState } from './column-visibility.ts';
import type { PortalTable } from './columns.tsx';

/**
 * The "Columns" button: a checkbox per column of the definition, to hide or show it (issue 13:
 * wide tables). A column the page is too narrow for shows unticked, and ticking it brings it
 * back (issue 26). The last column shown cannot be hidden. useColumnVisibility remembers the choice.
 */
export function ColumnMenu({ table, columns: state }: { table: PortalTable; columns: ColumnVisibilityState }) {
  const { t } = useText();
  const columns = table.getAllLeafColumns().filter((column) => column.columnDef.meta?.column);
  const isShown = (column: (typeof columns)[number]) => column.getIsVisible() && !state.dropped.includes(column.id);
  const shown = columns.filter(isShown).length;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" size="xs" flex="none" data-testid="column-menu">
          {t('table.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('table.columnsShown')}>
          {columns.map((column) => {
            const visible = isShown(column);
            return (
              <Checkbox
                key={column.id}
                size="xs"
                label={t(column.columnDef.meta!.column!.label)}
                checked={visible}
                disabled={visible && shown === 1}
                onChange={(event) => state.choose(column.id, event.currentTarget.checked)}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
