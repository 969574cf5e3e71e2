import type { PortalAbility } from '../../domain/policy.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { Selectable } from 'kysely';
import type { SessionsTable, User } from '../db/schema.ts';

/** Who is calling, resolved once per request from the session cookie. */
export interface AuthContext {
  sessionIdHash: string;
  session: Selectable<SessionsTable>;
  user: User;
  ability: PortalAbility;
  /** Row scope: the customers and merchants this user may see (spec §6, enforced in queries). */
  customerIds: readonly string[];
  merchantIds: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
    auth: AuthContext | null;
    /** The cookie named a session that timed out; endpoints answer "session expired". */
    sessionExpired: boolean;
  }
}
