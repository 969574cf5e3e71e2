import { useEffect, useId, useRef, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useActionRunner } from '../actions/use-action-runner.ts';
import { disabledReason } from '../../common/conditions.ts';
import { isVisible } from '../../domain/visibility.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import { usePortalAbility } from '../policy/AbilityProvider.tsx';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { useScreen } from '../screens/screen-context.tsx';

/**
 * Buttons that run action definitions; those the user may not use are not shown, those they may
 * use only not now are disabled with the reason beside them.
 */
export default function ActionsWidget({ node }: WidgetProps) {
  const { t } = useText();
  const ability = usePortalAbility();
  const { bindings } = useScreen();
  const run = useActionRunner();
  const [running, setRunning] = useState<number | null>(null);
  const reasonId = useId();
  const actions = (node.actions as ActionDefinition[])
    .map((action, index) => ({ action, index }))
    .filter(({ action }) => isVisible(action, ability, bindings));
  // `auto`: run the first action as soon as it shows (e.g. the landing page sends signed-in users on).
  const autoRan = useRef(false);
  const first = actions[0]?.action;
  useEffect(() => {
    if (node.auto !== true || !first || autoRan.current) return;
    autoRan.current = true;
    void run(first);
  }, [node.auto, first, run]);
  if (actions.length === 0) return null;
  return (
    <Group gap="sm">
      {actions.map(({ action, index }) => {
        const reason = disabledReason(action, bindings);
        return (
          <Group key={index} gap="xs" wrap="nowrap">
            <Button
              variant={(action.variant as 'filled' | undefined) ?? (index === 0 ? 'filled' : 'light')}
              loading={running === index}
              data-action={action.label}
              disabled={reason !== null}
              aria-describedby={reason ? `${reasonId}-${index}` : undefined}
              onClick={async () => {
                setRunning(index);
                try {
                  await run(action);
                } finally {
                  setRunning(null);
                }
              }}
            >
              {t(String(action.label))}
            </Button>
            {reason && (
              <Text size="sm" c="dimmed" id={`${reasonId}-${index}`} data-disabled-reason="">
                {t(reason)}
              </Text>
            )}
          </Group>
        );
      })}
    </Group>
  );
}
