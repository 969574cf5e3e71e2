import type { ReactNode } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { useLocation } from 'react-router';
import { Link } from '../../../engine/routing/Link.tsx';
import { ErrorCode } from '../../../domain/error-codes.ts';
import type { PaymentMode } from '../../../domain/payments.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { usePortalPath } from '../../../engine/routing/navigation.ts';
import { useSession } from '../../../engine/session/store.ts';

/**
 * spec §5: paying one account needs a selected customer; program mode pays across the user's
 * customers and needs none. Without one, the way to customer selection, which comes back here.
 */
export function CustomerGate({ mode, children }: { mode: PaymentMode; children: ReactNode }) {
  const { t } = useText();
  const portalPath = usePortalPath();
  const location = useLocation();
  const hasCustomer = useSession((session) => session.selectedCustomer !== null);
  if (mode === 'PROGRAM_OVERVIEW' || hasCustomer) return <>{children}</>;
  return (
    <Alert color="yellow" role="alert" data-problem={ErrorCode.customerNotSelected}>
      {t(ErrorCode.customerNotSelected)}{' '}
      <Anchor component={Link} to={portalPath('/account/customers')} state={{ from: location.pathname }}>
        {t('payments.flow.chooseCustomer')}
      </Anchor>
    </Alert>
  );
}
