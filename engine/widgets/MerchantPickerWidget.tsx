import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { useText } from '../i18n/use-text.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { usePortalNavigate } from '../routing/navigation.ts';
import { landingPathFor } from '../routing/landing.ts';
import { selectMerchant, sessionStore, useSession } from '../session/store.ts';

/** The legacy merchant-select page (spec §2): pick one of the user's merchants, or all of them. */
export default function MerchantPickerWidget(_props: WidgetProps) {
  const { t } = useText();
  const merchants = useSession((session) => session.self?.merchants ?? []);
  const rollUp = useSession((session) => session.merchantRollUp);
  const navigate = usePortalNavigate();
  const location = useLocation();
  const [error, setError] = useState(false);
  const choose = async (merchantId: string | null) => {
    if (!(await selectMerchant(merchantId))) {
      setError(true);
      return;
    }
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from ?? landingPathFor(sessionStore.get()), { replace: true });
  };
  return (
    <Stack gap="xs" maw={420} data-testid="merchant-picker">
      {error && (
        <Alert color="red" role="alert">
          {t('errors.session.unableToSetActiveMerchant')}
        </Alert>
      )}
      {rollUp && (
        <Button variant="light" onClick={() => void choose(null)}>
          {t('common.switcher.allMerchants')}
        </Button>
      )}
      {merchants.map((merchant) => (
        <Button key={merchant.id} variant="default" justify="space-between" onClick={() => void choose(merchant.id)}>
          {merchant.label} ({merchant.id})
        </Button>
      ))}
    </Stack>
  );
}
