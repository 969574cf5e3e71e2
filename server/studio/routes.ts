import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { applicationRoutes } from './application-routes.ts';
import { operatorAuthRoutes } from './auth-routes.ts';
import { draftRoutes } from './draft-routes.ts';
import { permissionsRoutes } from './permissions-routes.ts';
import { previewRoutes } from './preview-routes.ts';
import { publishRoutes } from './publish-routes.ts';
import type { StudioDeps } from './route-kit.ts';
import { snapshotRoutes } from './snapshot-routes.ts';
import { transferRoutes } from './transfer-routes.ts';

export type { StudioDeps } from './route-kit.ts';

/** The operator studio's API (issue 24): sign-in, drafts, check, diff, publish, history, rollback, audit; credit applications (issue 26). */
export function studioRoutes(app: SchemaTypedApp, deps: StudioDeps): void {
  operatorAuthRoutes(app, deps);
  draftRoutes(app, deps);
  publishRoutes(app, deps);
  transferRoutes(app, deps);
  permissionsRoutes(app, deps);
  previewRoutes(app, deps);
  snapshotRoutes(app, deps);
  applicationRoutes(app, deps);
}
