import type { SessionState } from '../session/types.ts';
import { CUSTOMER_SELECT_PATH } from '../../domain/guard-paths.ts';

/** screens/merchant-home.json */
export const MERCHANT_HOME_PATH = '/merchant/home';

/**
 * Where a user lands after signing in: customers on the account overview (or customer
 * selection while none is chosen), corporate users on the program overview, merchants on
 * the merchant home (issue 15: open disputes, active rejections, recent invoices, figures per merchant); Card Viewers and Safety Managers, barred from the overview, on
 * cards and notifications.
 */
export function landingPathFor(session: Pick<SessionState, 'userType' | 'self' | 'selectedCustomer'>): string {
  const role = (session.self?.role ?? '').toLowerCase();
  switch (session.userType) {
    case 'corporate':
      return '/account/program-overview';
    case 'merchant':
      return MERCHANT_HOME_PATH;
    case 'customer':
      if (role === 'card viewer') return session.selectedCustomer ? '/account/cards' : CUSTOMER_SELECT_PATH;
      if (role === 'safety manager') return session.selectedCustomer ? '/notification-center' : CUSTOMER_SELECT_PATH;
      return session.selectedCustomer ? '/account/overview' : CUSTOMER_SELECT_PATH;
    default:
      return '/login';
  }
}
