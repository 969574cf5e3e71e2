import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { SessionsTable, User } from '../db/schema.ts';
import type { Tenant } from '../../domain/tenant.ts';
import type { Clock } from '../clock.ts';
import { sessionCache } from './session-cache.ts';
import { forgetSessions } from './session-revocation.ts';
import { hashToken, newToken } from './tokens.ts';
import { customerScopeSql } from '../groups/scope.ts';
import { statementTemplates } from '../db/statement-templates.ts';

// The names live with the cookie rules (prefix over TLS) in http/cookies.ts.
export { CSRF_COOKIE, SESSION_COOKIE } from '../http/cookies.ts';
export const CSRF_HEADER = 'x-csrf-token';

/** Touching last_seen_at on every request would write on every read; a minute's slack is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** A preview (issue 24) is a look, not a working session: it ends this long after it began, whatever the tenant's timeouts. */
export const PREVIEW_SESSION_MINUTES = 15;

/** What binds a preview session (issue 24): who started it, on which draft, in which language, and whether the draft applies. */
export interface PreviewBinding {
  operatorId: number;
  draftId: number;
  language: string;
  appliesDraft: boolean;
}

export async function createSession(db: Database, clock: Clock, tenant: Pick<Tenant, 'id'>, userId: number, preview?: PreviewBinding) {
  const token = newToken();
  const csrfToken = newToken();
  const now = clock.now();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(token),
      user_id: userId,
      tenant_id: tenant.id,
      csrf_token: csrfToken,
      created_at: now,
      last_seen_at: now,
      ...(preview
        ? {
            preview_operator_id: preview.operatorId,
            preview_draft_id: preview.draftId,
            preview_language: preview.language,
            preview_applies_draft: preview.appliesDraft,
          }
        : {}),
    })
    .execute();
  return { token, csrfToken };
}

export async function destroySession(db: Database, idHash: string): Promise<void> {
  sessionCache.evictSession(idHash);
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  // Every process, before the sign-out is answered (issue 22 item 12).
  await forgetSessions({ session: idHash });
}

export type SessionLookup = { state: 'none' } | { state: 'expired' } | { state: 'active'; idHash: string };

/** A session with its user and the user's row scope, as one statement reads them. */
export interface SessionWithUser {
  session: Selectable<SessionsTable>;
  user: User;
  customerIds: string[];
  merchantIds: string[];
}

/**
 * The session of `idHash` joined with its user and the customers and merchants the user may
 * see: every API request reads these, so they come in one round trip.
 */
async function readSession(db: Database, idHash: string): Promise<SessionWithUser | undefined> {
  // Compiled once (server/db/statement-templates.ts): every API request that misses the session cache reads it.
  const statement = statementTemplates.compile('session', { idHash }, (values) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id_hash',
        'sessions.csrf_token',
        'sessions.last_seen_at',
        'sessions.customer_id',
        'sessions.location',
        'sessions.merchant_id',
        'sessions.card_secure_until',
        'sessions.preview_operator_id',
        'sessions.preview_draft_id',
        'sessions.preview_language',
        'sessions.preview_applies_draft',
        'sessions.tenant_id as session_tenant_id',
        'sessions.created_at as session_created_at',
        // Issue 17: the group's customers (and child groups' where included), else the user's own.
        customerScopeSql('users').as('customer_ids'),
        sql<string[]>`array(select um.buid_merchant from user_merchants um where um.user_id = users.user_id order by 1)`.as('merchant_ids'),
      ])
      .where('sessions.id_hash', '=', values.idHash),
  );
  const [row] = (await db.executeQuery(statement)).rows;
  if (!row) return undefined;
  const {
    id_hash,
    csrf_token,
    last_seen_at,
    customer_id,
    location,
    merchant_id,
    card_secure_until,
    session_tenant_id,
    session_created_at,
    preview_operator_id,
    preview_draft_id,
    preview_language,
    preview_applies_draft,
    customer_ids,
    merchant_ids,
    ...user
  } = row;
  return {
    session: {
      id_hash,
      user_id: user.user_id,
      tenant_id: session_tenant_id,
      csrf_token,
      created_at: session_created_at,
      last_seen_at,
      customer_id,
      location,
      merchant_id,
      card_secure_until,
      preview_operator_id,
      preview_draft_id,
      preview_language,
      preview_applies_draft,
    },
    user,
    customerIds: customer_ids,
    merchantIds: merchant_ids,
  };
}

/** Finds the cookie's session with its user, and applies the tenant's idle and absolute timeouts. */
export async function lookupSession(
  db: Database,
  clock: Clock,
  tenant: Tenant,
  token: string | undefined,
): Promise<{ lookup: SessionLookup; found?: SessionWithUser }> {
  if (!token || token.length > 100) return { lookup: { state: 'none' } };
  const idHash = hashToken(token);
  const now = clock.now().getTime();
  const cached = sessionCache.get(idHash);
  if (cached && servesHere(cached, tenant) && !timedOut(cached.session, tenant, now)) {
    return { lookup: { state: 'active', idHash }, found: await touched(db, idHash, cached, now) };
  }
  // Not cached, or it looks timed out: decide on what the database holds now.
  const generation = sessionCache.currentGeneration;
  const found = await sessionCache.shareRead(idHash, () => readSession(db, idHash));
  if (!found || !servesHere(found, tenant)) return { lookup: { state: 'none' } };
  if (timedOut(found.session, tenant, now)) {
    await destroySession(db, idHash);
    return { lookup: { state: 'expired' } };
  }
  sessionCache.set(idHash, found, generation);
  return { lookup: { state: 'active', idHash }, found: await touched(db, idHash, found, now) };
}

/**
 * A session counts on the host of its tenant only; a preview on the host of the studio that started
 * it too, whichever tenant that host serves: the studio frames it from its own origin, and the auth
 * hook then serves the preview's tenant (server/studio/preview.ts).
 */
function servesHere(found: SessionWithUser, tenant: Tenant): boolean {
  return found.session.tenant_id === tenant.id || isPreview(found.session);
}

export function isPreview(session: Selectable<SessionsTable>): boolean {
  return session.preview_operator_id !== null;
}

function timedOut(session: Selectable<SessionsTable>, tenant: Tenant, now: number): boolean {
  const { idleMinutes, absoluteMinutes } = tenant.limits.session;
  const absolute = isPreview(session) ? Math.min(absoluteMinutes, PREVIEW_SESSION_MINUTES) : absoluteMinutes;
  return (
    now - new Date(session.last_seen_at).getTime() > idleMinutes * 60_000 ||
    now - new Date(session.created_at).getTime() > absolute * 60_000
  );
}

/** Records activity at most once a minute (in the database and the cached copy). */
async function touched(db: Database, idHash: string, found: SessionWithUser, now: number): Promise<SessionWithUser> {
  if (now - new Date(found.session.last_seen_at).getTime() <= TOUCH_INTERVAL_MS) return found;
  const lastSeen = new Date(now);
  await db.updateTable('sessions').set({ last_seen_at: lastSeen }).where('id_hash', '=', idHash).execute();
  found.session.last_seen_at = lastSeen;
  return found;
}
