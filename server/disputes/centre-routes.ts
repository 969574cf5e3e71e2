import type { SchemaTypedApp } from '../http/typed-routes.ts';
import type { AppDeps } from '../deps.ts';
import { SIDES } from './scope.ts';
import { disputeCountRoutes } from './count-routes.ts';
import { disputeListRoutes } from './list-routes.ts';
import { disputeDetailRoutes } from './detail-routes.ts';
import { disputeDocumentRoutes } from './document-routes.ts';
import { disputeResponseRoutes } from './response-routes.ts';

/**
 * The dispute centre of spec §2 and §7, registered once per side: /ecaas/customer-... and
 * /ecaas/merchant-... Each side's routes are registered together, the customer's first: that
 * order is the OpenAPI document's.
 */
export function disputeCentreRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  for (const side of SIDES) {
    disputeCountRoutes(app, deps, side);
    disputeListRoutes(app, deps, side);
    disputeDetailRoutes(app, deps, side);
    disputeDocumentRoutes(app, deps, side);
    disputeResponseRoutes(app, deps, side);
  }
}
