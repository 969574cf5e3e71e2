import { memo, useDeferredValue, useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useActionRunner } from '../../actions/use-action-runner.ts';
import type { QueryParams } from '../../data/api-client.ts';
import { isVisible } from '../../../domain/visibility.ts';
import type { ActionDefinition } from '../../definitions/types.ts';
import { useText } from '../../i18n/use-text.ts';
import { usePortalAbility } from '../../policy/AbilityProvider.tsx';
import { useScreen } from '../../screens/screen-context.tsx';
import { checkSelection, leftOutNotices, type SelectionRule } from './selection-rule.ts';
import type { TableNode } from './types.ts';
import { currentRecords, useSelectedRecords, type RowSelection } from './use-row-selection.ts';
import { useToast } from '../../shell/toast.ts';

/**
 * The table's actions, run with the selected rows as `selection` and the list's filters and sort
 * as `list` (a CSV export of what is on screen: `"with": "list"`). Hidden when the policy or the
 * action's condition says so. An action with a selection rule (`requires`) stays enabled and
 * explains itself when used without an eligible selection; other selection actions are disabled
 * until a row is selected; list actions never need one. While selected rows do not match a rule,
 * its `leftOut` text says how many it would leave out.
 */
export function BulkActions({ definition, selection, list }: BulkActionsProps) {
  // A tick paints its row at once; the actions, the count and the notices (Mantine buttons and
  // texts, most of a tick's rendering) follow in a render of their own right after that paint
  // (issue 25: ticking invoices in the payment flow under 200 ms at 4x CPU slowdown).
  const records = useDeferredValue(useSelectedRecords(selection));
  return <SelectionActions definition={definition} selection={selection} list={list} records={records} />;
}

interface BulkActionsProps {
  definition: TableNode;
  selection: RowSelection;
  list: QueryParams;
}

/** The bulk actions as of `records`, the selection shown (an action runs with the selection as it is when used). */
const SelectionActions = memo(function SelectionActions({
  definition,
  selection,
  list,
  records,
}: BulkActionsProps & { records: Array<Record<string, unknown>> }) {
  const { t } = useText();
  const toast = useToast();
  const ability = usePortalAbility();
  const { bindings } = useScreen();
  const run = useActionRunner();
  const [running, setRunning] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A new selection answers the last complaint.
  useEffect(() => {
    setProblem(null);
  }, [records]);
  const context = { ...bindings, selection: records };
  const actions = (definition.actions ?? [])
    .map((action, index) => ({ action, index }))
    .filter(({ action }) => isVisible(action, ability, context));
  if (actions.length === 0) return null;
  const count = records.length;
  const needsSelection = Boolean(definition.selection);
  // Selected rows an action would leave out are told as soon as they are selected, not only when it is used.
  const notices = leftOutNotices(
    actions.map(({ action }) => action.requires as SelectionRule | undefined),
    records,
  );
  const disabled = (action: ActionDefinition) => needsSelection && count === 0 && action.with !== 'list' && !action.requires;

  const use = async (action: ActionDefinition, index: number) => {
    // The selection as it is now: the one shown may lag behind a tick by a frame.
    const selected = currentRecords(selection);
    const check = checkSelection(action.requires as SelectionRule | undefined, selected);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    setProblem(null);
    const rule = action.requires as SelectionRule | undefined;
    if (check.leftOut > 0) toast('info', rule?.leftOut ?? 'table.leftOut', { count: check.leftOut, total: selected.length });
    setRunning(index);
    try {
      await run(action, { selection: check.records, list });
    } finally {
      setRunning(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" role="group" aria-label={t('table.bulkActions')}>
        {actions.map(({ action, index }) => (
          <Button
            key={index}
            size="sm"
            variant={(action.variant as 'filled' | undefined) ?? (index === 0 ? 'filled' : 'light')}
            color={action.color as string | undefined}
            data-action={action.label}
            disabled={disabled(action)}
            loading={running === index}
            onClick={() => void use(action, index)}
          >
            {t(String(action.label))}
          </Button>
        ))}
        {needsSelection ? (
          <Text size="sm" aria-live="polite">
            {t('table.selectedCount', { count })}
          </Text>
        ) : null}
        {count > 0 ? (
          <Button size="sm" variant="subtle" onClick={selection.clear}>
            {t('table.clearSelection')}
          </Button>
        ) : null}
      </Group>
      {notices.map((notice) => (
        <Text key={notice.text} size="sm" fw={500} role="status" data-left-out={notice.count}>
          {t(notice.text, { count: notice.count, total: notice.total })}
        </Text>
      ))}
      {problem ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('table.dismiss')}
          onClose={() => setProblem(null)}
          data-selection-problem="true"
        >
          {t(problem)}
        </Alert>
      ) : null}
    </Stack>
  );
});
