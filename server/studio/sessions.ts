import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tenant } from '../../domain/tenant.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Operator } from '../db/schema.ts';
import { clearCookie, readCookie, setCookie } from '../http/cookies.ts';

/**
 * Operator sessions (issue 24): rows of their own behind cookies of their own, so a portal session
 * opens nothing of the studio and an operator's session nothing of the portal. The timeouts are
 * those of the tenant whose host serves the studio.
 */
export const STUDIO_SESSION_COOKIE = 'studio_session';
export const STUDIO_CSRF_COOKIE = 'studio_csrf';

const SESSION_OPTIONS = { httpOnly: true, sameSite: 'strict' } as const;
const CSRF_OPTIONS = { httpOnly: false, sameSite: 'strict' } as const;
const TOUCH_INTERVAL_MS = 60_000;

export interface OperatorSession {
  idHash: string;
  csrfToken: string;
  operator: Operator;
  tenantIds: readonly string[];
}

export async function startOperatorSession(db: Database, clock: Clock, operatorId: number) {
  const token = newToken();
  const csrfToken = newToken();
  const now = clock.now();
  await db
    .insertInto('operator_sessions')
    .values({ id_hash: hashToken(token), operator_id: operatorId, csrf_token: csrfToken, created_at: now, last_seen_at: now })
    .execute();
  return { token, csrfToken };
}

export async function endOperatorSession(db: Database, idHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute();
}

/** The cookie's live session with its operator and granted tenants; undefined when none, timed out or the operator is disabled. */
export async function findOperatorSession(
  db: Database,
  clock: Clock,
  tenant: Tenant,
  token: string | undefined,
): Promise<OperatorSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const idHash = hashToken(token);
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.operator_id', 'operator_sessions.operator_id')
    .selectAll('operators')
    .select(['operator_sessions.csrf_token', 'operator_sessions.created_at as session_created_at', 'operator_sessions.last_seen_at'])
    .where('operator_sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { csrf_token, session_created_at, last_seen_at, ...operator } = row;
  const now = clock.now().getTime();
  const { idleMinutes, absoluteMinutes } = tenant.limits.session;
  if (
    operator.disabled ||
    now - new Date(last_seen_at).getTime() > idleMinutes * 60_000 ||
    now - new Date(session_created_at).getTime() > absoluteMinutes * 60_000
  ) {
    await endOperatorSession(db, idHash);
    return undefined;
  }
  if (now - new Date(last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('operator_sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id_hash', '=', idHash)
      .execute();
  }
  return { idHash, csrfToken: csrf_token, operator, tenantIds: await grantedTenantIds(db, operator.operator_id) };
}

/** The tenants an operator is granted, in order of their ids. */
export async function grantedTenantIds(db: Database, operatorId: number): Promise<string[]> {
  const grants = await db
    .selectFrom('operator_tenants')
    .select('tenant_id')
    .where('operator_id', '=', operatorId)
    .orderBy('tenant_id')
    .execute();
  return grants.map((grant) => grant.tenant_id);
}

export function readOperatorCookie(request: FastifyRequest): string | undefined {
  return readCookie(request, STUDIO_SESSION_COOKIE);
}

export function setOperatorCookies(request: FastifyRequest, reply: FastifyReply, token: string, csrfToken: string): void {
  setCookie(request, reply, STUDIO_SESSION_COOKIE, token, SESSION_OPTIONS);
  setCookie(request, reply, STUDIO_CSRF_COOKIE, csrfToken, CSRF_OPTIONS);
}

export function clearOperatorCookies(request: FastifyRequest, reply: FastifyReply): void {
  clearCookie(request, reply, STUDIO_SESSION_COOKIE, SESSION_OPTIONS);
  clearCookie(request, reply, STUDIO_CSRF_COOKIE, CSRF_OPTIONS);
}
