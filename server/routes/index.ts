import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { authRoutes } from './auth.ts';
import { throttleReauthentication } from '../auth/throttle.ts';
import { bankAccountRoutes } from './bank-accounts.ts';
import { cardRoutes } from './cards.ts';
import { clientLogRoutes } from './client-log.ts';
import { currencyRoutes } from './currencies.ts';
import { customerRoutes } from './customers.ts';
import { disputeRoutes } from './disputes.ts';
import { documentRoutes } from './documents.ts';
import { exposureRoutes } from './exposures.ts';
import { invoiceRoutes } from './invoices.ts';
import { legacyRoutes } from './legacy.ts';
import { loyaltyRoutes } from './loyalty.ts';
import { merchantInvoiceRoutes } from './merchant-invoices.ts';
import { notificationRoutes } from './notifications.ts';
import { paymentRoutes } from './payments.ts';
import { recoveryRoutes } from './recovery.ts';
import { ssoRoutes } from './sso.ts';
import { rejectionRoutes } from './rejections.ts';
import { merchantFigureRoutes } from './merchant-figures.ts';
import { sessionRoutes } from './session.ts';
import { tenantConfigRoutes } from './tenant-config.ts';
import { userRoutes } from './users.ts';
import { groupRoutes } from './groups.ts';
import { userCredentialRoutes } from './user-credentials.ts';

/** Every call of spec §7, grouped by concept; each module registers its own routes. */
export function apiRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Before the routes, so its hook covers the card password re-entry.
  throttleReauthentication(app);
  authRoutes(app, deps);
  recoveryRoutes(app, deps);
  ssoRoutes(app, deps);
  sessionRoutes(app, deps);
  tenantConfigRoutes(app, deps);
  customerRoutes(app, deps);
  exposureRoutes(app, deps);
  invoiceRoutes(app, deps);
  documentRoutes(app, deps);
  notificationRoutes(app, deps);
  disputeRoutes(app, deps);
  rejectionRoutes(app, deps);
  merchantFigureRoutes(app, deps);
  cardRoutes(app, deps);
  currencyRoutes(app, deps);
  bankAccountRoutes(app, deps);
  loyaltyRoutes(app, deps);
  legacyRoutes(app);
  clientLogRoutes(app);
  paymentRoutes(app, deps);
  merchantInvoiceRoutes(app, deps);
  userRoutes(app, deps);
  groupRoutes(app, deps);
  userCredentialRoutes(app, deps);
}
