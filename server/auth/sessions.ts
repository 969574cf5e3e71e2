import type { Database } from '../db/database.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { Clock } from '../clock.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'portal_session';
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Touching last_seen_at on every request would write on every read; a minute's slack is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(db: Database, clock: Clock, tenant: Tenant, userId: number) {
  const token = newToken();
  const csrfToken = newToken();
  const now = clock.now();
  await db.insertInto('sessions').values({
    id_hash: hashToken(token), user_id: userId, tenant_id: tenant.id, csrf_token: csrfToken,
    created_at: now, last_seen_at: now,
  }).execute();
  return { token, csrfToken };
}

export async function destroySession(db: Database, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export type SessionLookup =
  | { state: 'none' }
  | { state: 'expired' }
  | { state: 'active'; idHash: string };

/** Finds the cookie's session and applies the tenant's idle and absolute timeouts. */
export async function lookupSession(db: Database, clock: Clock, tenant: Tenant, token: string | undefined) {
  if (!token || token.length > 100) return { lookup: { state: 'none' } as SessionLookup, row: undefined };
  const idHash = hashToken(token);
  const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  if (!row || row.tenant_id !== tenant.id) return { lookup: { state: 'none' } as SessionLookup, row: undefined };
  const now = clock.now().getTime();
  const { idleMinutes, absoluteMinutes } = tenant.limits.session;
  const idleExpired = now - new Date(row.last_seen_at).getTime() > idleMinutes * 60_000;
  const absoluteExpired = now - new Date(row.created_at).getTime() > absoluteMinutes * 60_000;
  if (idleExpired || absoluteExpired) {
    await destroySession(db, idHash);
    return { lookup: { state: 'expired' } as SessionLookup, row: undefined };
  }
  if (now - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_seen_at: new Date(now) }).where('id_hash', '=', idHash).execute();
  }
  return { lookup: { state: 'active', idHash } as SessionLookup, row };
}
