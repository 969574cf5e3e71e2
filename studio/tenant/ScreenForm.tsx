import { ActionIcon, Checkbox, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { roleTextKey } from '../../domain/role-text-keys.ts';
import type { Policy } from '../../domain/policy.ts';
import policyJson from '../../permissions/policy.json';
import { useText } from '../../engine/i18n/use-text.ts';
import {
  actionsOf,
  type HideableView,
  moveColumn,
  type Screen,
  setActionShown,
  screenRoles,
  setColumnHiddenFor,
  setColumnLabel,
  setColumnVisibility,
  setDefaultPageSize,
  setDefaultSort,
  setTitle,
  setWidgetShown,
  type TableView,
  tablesOf,
  type Visibility,
  widgetsOf,
} from '../overrides/screen-edits.ts';
import classes from '../studio.module.css';
import { TextKeyInput } from './TextKeyInput.tsx';

const VISIBILITIES: readonly Visibility[] = ['shown', 'defaultHidden', 'removed'];
const policy = policyJson as unknown as Policy;

interface FormProps {
  shipped: Screen;
  screen: Screen;
  texts: ReadonlyMap<string, string>;
  editable: boolean;
  onChange(screen: Screen): void;
}

/** A text key in the studio's language when the portal has it, else the key itself. */
const wordsOf = (texts: ReadonlyMap<string, string>, key: string) => texts.get(key) ?? key;

/**
 * The common changes to one screen as a form (issue 24): its title, each table's columns (shown,
 * hidden until the user shows them, removed; hidden for some roles; ordered; relabelled), default sort and first page
 * size, and which widgets and actions it shows. It edits the patched screen (screen-edits.ts);
 * the panel writes the difference from the shipped screen as the tenant's override.
 */
export function ScreenForm(props: FormProps) {
  const { t } = useText();
  const { shipped, screen, texts, editable, onChange } = props;
  const widgets = widgetsOf(shipped, screen);
  const actions = actionsOf(shipped, screen);
  return (
    <Stack gap="lg">
      <TextKeyInput
        label={t('studioUi.screens.screenTitle')}
        value={String(screen.title)}
        texts={texts}
        disabled={!editable}
        onChange={(key) => onChange(setTitle(screen, key))}
      />
      {tablesOf(shipped, screen).map((table) => (
        <TableForm key={table.id} table={table} {...props} />
      ))}
      {widgets.length > 0 && (
        <HideableList
          title={t('studioUi.screens.widgets')}
          items={widgets}
          texts={texts}
          editable={editable}
          onToggle={(key, shown) => onChange(setWidgetShown(screen, shipped, key, shown))}
        />
      )}
      {actions.length > 0 && (
        <HideableList
          title={t('studioUi.screens.actions')}
          items={actions}
          texts={texts}
          editable={editable}
          onToggle={(key, shown) => onChange(setActionShown(screen, shipped, key, shown))}
        />
      )}
    </Stack>
  );
}

function TableForm({ table, shipped, screen, texts, editable, onChange }: FormProps & { table: TableView }) {
  const { t } = useText();
  const name = wordsOf(texts, table.caption ?? table.id);
  const headingId = `table-${table.id}`;
  // A removed column still sorts: the sort is the server's, whatever the table shows.
  const sortable = table.columns.filter((column) => column.sort);
  const sortValue = table.defaultSort ? `${table.defaultSort.sort} ${table.defaultSort.direction}` : '';
  const shownCount = table.columns.filter((column) => column.visibility !== 'removed').length;
  const roles = screenRoles(shipped, policy.grants);
  const roleChoices = roles.map((role) => ({ value: role, label: t(roleTextKey(role)) }));
  return (
    <section aria-labelledby={headingId} data-table-form={table.id}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t('studioUi.screens.table', { table: name })}
      </Title>
      <Table.ScrollContainer minWidth={860}>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('studioUi.screens.column')}</Table.Th>
              <Table.Th scope="col">{t('studioUi.screens.visibility')}</Table.Th>
              <Table.Th scope="col">{t('studioUi.screens.hiddenFor')}</Table.Th>
              <Table.Th scope="col">{t('studioUi.screens.order')}</Table.Th>
              <Table.Th scope="col">{t('studioUi.screens.label')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.columns.map((column, index) => {
              const columnName = wordsOf(texts, column.label);
              const placed = column.visibility !== 'removed';
              return (
                <Table.Tr key={column.field} data-column={column.field}>
                  <Table.Th scope="row" className={classes.ruleSetCell}>
                    {columnName}
                  </Table.Th>
                  <Table.Td>
                    <NativeSelect
                      size="xs"
                      aria-label={t('studioUi.screens.visibilityOf', { column: columnName })}
                      value={column.visibility}
                      disabled={!editable}
                      data={VISIBILITIES.map((value) => ({ value, label: t(`studioUi.screens.visibilities.${value}`) }))}
                      onChange={(event) =>
                        onChange(setColumnVisibility(screen, shipped, table.id, column.field, event.currentTarget.value as Visibility))
                      }
                    />
                  </Table.Td>
                  <Table.Td w={240}>
                    {placed && (
                      <MultiSelect
                        size="xs"
                        aria-label={t('studioUi.screens.hiddenForOf', { column: columnName })}
                        placeholder={column.hiddenFor?.length ? undefined : t('studioUi.screens.hiddenForNobody')}
                        description={column.hiddenFor === null ? t('studioUi.screens.hiddenForCondition') : undefined}
                        data={roleChoices}
                        value={column.hiddenFor ?? []}
                        disabled={!editable || column.hiddenFor === null}
                        searchable
                        selectFirstOptionOnChange
                        onChange={(chosen) => onChange(setColumnHiddenFor(screen, table.id, column.field, chosen, roles))}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {placed && (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="default"
                          aria-label={t('studioUi.screens.moveEarlier', { column: columnName })}
                          disabled={!editable || index === 0}
                          onClick={() => onChange(moveColumn(screen, table.id, column.field, -1))}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          aria-label={t('studioUi.screens.moveLater', { column: columnName })}
                          disabled={!editable || index >= shownCount - 1}
                          onClick={() => onChange(moveColumn(screen, table.id, column.field, 1))}
                        >
                          ↓
                        </ActionIcon>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {placed && (
                      <TextKeyInput
                        label={t('studioUi.screens.labelOf', { column: columnName })}
                        hideLabel
                        value={column.label}
                        texts={texts}
                        disabled={!editable}
                        onChange={(key) => onChange(setColumnLabel(screen, table.id, column.field, key))}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        <NativeSelect
          label={t('studioUi.screens.defaultSort')}
          value={sortValue}
          disabled={!editable}
          data={[
            { value: '', label: t('studioUi.screens.noSort') },
            ...sortable.flatMap((column) =>
              (['asc', 'desc'] as const).map((direction) => ({
                value: `${column.sort} ${direction}`,
                label: t(`studioUi.screens.sort.${direction}`, { column: wordsOf(texts, column.label) }),
              })),
            ),
          ]}
          onChange={(event) => {
            const [sort, direction] = event.currentTarget.value.split(' ');
            onChange(setDefaultSort(screen, table.id, sort ? { sort, direction: direction === 'desc' ? 'desc' : 'asc' } : null));
          }}
        />
        {table.pageSizes.length > 0 && (
          <NativeSelect
            label={t('studioUi.screens.pageSize')}
            value={String(table.defaultPageSize ?? table.pageSizes[0])}
            disabled={!editable}
            data={table.pageSizes.map(String)}
            onChange={(event) => onChange(setDefaultPageSize(screen, table.id, Number(event.currentTarget.value)))}
          />
        )}
      </SimpleGrid>
    </section>
  );
}

function HideableList({
  title,
  items,
  texts,
  editable,
  onToggle,
}: {
  title: string;
  items: HideableView[];
  texts: ReadonlyMap<string, string>;
  editable: boolean;
  onToggle(key: string, shown: boolean): void;
}) {
  return (
    <fieldset className={classes.fieldset}>
      <legend>
        <Text fw={600} size="sm">
          {title}
        </Text>
      </legend>
      <Stack gap={6}>
        {items.map((item) => (
          <Checkbox
            key={item.key}
            label={wordsOf(texts, item.name)}
            checked={item.shown}
            disabled={!editable || (!item.shown && !item.restorable)}
            onChange={(event) => onToggle(item.key, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </fieldset>
  );
}
