import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useActionRunner } from '../../actions/use-action-runner.ts';
import { isVisible } from '../../definitions/bindings.ts';
import { useText } from '../../i18n/use-text.ts';
import { useScreen } from '../../screens/screen-context.tsx';
import type { TableNode } from './types.ts';
import type { RowSelection } from './use-row-selection.ts';

/**
 * The table's actions, run with the selected rows as `selection`. Hidden when the policy or
 * the action's condition says so; on a selectable table, disabled until a row is selected.
 */
export function BulkActions({ definition, selection }: { definition: TableNode; selection: RowSelection }) {
  const { t } = useText();
  const { ability, bindings } = useScreen();
  const run = useActionRunner();
  const [running, setRunning] = useState<number | null>(null);
  const context = { ...bindings, selection: selection.records };
  const actions = (definition.actions ?? []).map((action, index) => ({ action, index })).filter(({ action }) => isVisible(action, ability, context));
  if (actions.length === 0) return null;
  const count = selection.records.length;
  const needsSelection = Boolean(definition.selection);
  return (
    <Group gap="sm" role="group" aria-label={t('table.bulkActions')}>
      {actions.map(({ action, index }) => (
        <Button key={index} size="sm" variant={(action.variant as 'filled' | undefined) ?? (index === 0 ? 'filled' : 'light')}
          data-action={action.label} disabled={needsSelection && count === 0} loading={running === index}
          onClick={async () => {
            setRunning(index);
            try { await run(action, { selection: selection.records }); } finally { setRunning(null); }
          }}>
          {t(String(action.label))}
        </Button>
      ))}
      {needsSelection ? <Text size="sm" aria-live="polite">{t('table.selectedCount', { count })}</Text> : null}
      {count > 0 ? <Button size="sm" variant="subtle" onClick={selection.clear}>{t('table.clearSelection')}</Button> : null}
    </Group>
  );
}
