import type { Policy } from '../domain/policy.ts';
import type { Clock } from './clock.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/database.ts';
import type { IdpResponseFilter } from './sso/relying-party.ts';
import type { Mailer } from './mail/mailer.ts';
import type { TenantStore } from './tenants/store.ts';

/** What route modules may use; passed explicitly so tests build the app with their own parts. */
export interface AppDeps {
  db: Database;
  clock: Clock;
  tenants: TenantStore;
  policy: Policy;
  mailer: Mailer;
  /**
   * The change feed publishes announce themselves on. With it the operator studio's API is served
   * (server/studio/, issue 24): a publish must reach every process. Without it (the OpenAPI script,
   * API tests that do not follow tenant revisions) the studio is absent.
   */
  feed?: ChangeFeed;
  /** Issue 26: the keys a program operator's service presents (OPERATOR_API_KEYS); none: operator routes refuse all. */
  operatorKeys?: readonly string[];
  /** Tests only: sees (and may tamper with) every identity provider answer before the portal checks it. */
  idpResponseFilter?: IdpResponseFilter;
}
