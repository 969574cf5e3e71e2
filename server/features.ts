import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.ts';
import { schemaTyped, type SchemaTypedApp } from './http/typed-routes.ts';
import { throttleReauthentication } from './auth/throttle.ts';
import { authRoutes } from './auth/routes.ts';
import { recoveryRoutes } from './auth/recovery-routes.ts';
import { healthRoutes } from './health/routes.ts';
import { ssoRoutes } from './sso/routes.ts';
import { sessionRoutes } from './session/routes.ts';
import { tenantConfigRoutes } from './tenants/config-routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { exposureRoutes } from './exposures/routes.ts';
import { subAccountRoutes } from './exposures/sub-account-routes.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { documentRoutes } from './invoices/document-routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { disputeRoutes } from './disputes/routes.ts';
import { rejectionRoutes } from './rejections/routes.ts';
import { rejectionActionRoutes } from './rejections/action-routes.ts';
import { merchantFigureRoutes } from './merchant-figures/routes.ts';
import { cardRoutes } from './cards/routes.ts';
import { currencyRoutes } from './currencies/routes.ts';
import { userCurrencyRoutes } from './currencies/user-currency-routes.ts';
import { bankAccountRoutes } from './bank-accounts/routes.ts';
import { loyaltyRoutes } from './loyalty/routes.ts';
import { loyaltyMilestoneRoutes } from './loyalty/milestone-routes.ts';
import { legacyRoutes } from './legacy/routes.ts';
import { clientLogRoutes } from './client-log/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { merchantInvoiceRoutes } from './merchant-invoices/routes.ts';
import { userRoutes } from './users/routes.ts';
import { userLockRoutes } from './users/lock-routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { identityProviderRoutes } from './groups/identity-provider-routes.ts';
import { groupMemberRoutes } from './groups/member-routes.ts';
import { userCredentialRoutes } from './users/credential-routes.ts';
import { creditApplicationRoutes } from './applications/routes.ts';
import { operatorApplicationRoutes } from './applications/operator-routes.ts';
import { studioRoutes } from './studio/routes.ts';

/** One feature's routes (server/<feature>/routes.ts and its *-routes.ts), registered on the API's typed instance. */
export type Registrar = (app: SchemaTypedApp, deps: AppDeps) => void;

/** The operator studio's API needs the change feed; without one (the OpenAPI script, most tests) it is left out. */
function studioWhenFed(app: SchemaTypedApp, deps: AppDeps): void {
  if (deps.feed) studioRoutes(app, { ...deps, feed: deps.feed });
}

/**
 * Every call of spec §7, grouped by feature, in registration order. The order is the OpenAPI
 * document's order of paths, so a new feature goes where its paths belong, not just at the end.
 */
export const FEATURES: readonly Registrar[] = [
  healthRoutes,
  // Before the routes it covers (the card password re-entry), so its hook sees them.
  (app) => throttleReauthentication(app),
  authRoutes,
  recoveryRoutes,
  ssoRoutes,
  sessionRoutes,
  tenantConfigRoutes,
  customerRoutes,
  exposureRoutes,
  subAccountRoutes,
  invoiceRoutes,
  documentRoutes,
  notificationRoutes,
  disputeRoutes,
  rejectionRoutes,
  rejectionActionRoutes,
  merchantFigureRoutes,
  cardRoutes,
  currencyRoutes,
  userCurrencyRoutes,
  bankAccountRoutes,
  loyaltyRoutes,
  loyaltyMilestoneRoutes,
  legacyRoutes,
  clientLogRoutes,
  paymentRoutes,
  merchantInvoiceRoutes,
  userRoutes,
  userLockRoutes,
  groupRoutes,
  identityProviderRoutes,
  groupMemberRoutes,
  userCredentialRoutes,
  creditApplicationRoutes,
  operatorApplicationRoutes,
  studioWhenFed,
];

/** Registers every feature, in order, inside the API's plugin scope. */
export function registerFeatures(api: FastifyInstance, deps: AppDeps): void {
  const app = schemaTyped(api);
  for (const register of FEATURES) register(app, deps);
}
