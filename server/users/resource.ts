import { ACCESS_LEVELS, LOCKS_ADMIN_MAY_LIFT } from '../../domain/users.ts';
import {
  boolean,
  integer,
  nullableInstant,
  nullableInteger,
  nullableText,
  resourceSchema,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { existingUser, type UserRow } from './queries.ts';
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';

/** spec §3 user fields, plus the access level, status and whether the user signs in through SSO. */
export const userResourceSchema = resourceSchema(
  'users',
  strictObject({
    user_id: integer,
    username: text,
    full_name: text,
    first_name: text,
    last_name: text,
    email_address: text,
    role: text,
    access_level: { type: 'string', enum: [...ACCESS_LEVELS] },
    status: { type: 'string', enum: ['active', 'not_activated'] },
    lock_state: nullableText,
    lock_reason: nullableText,
    locked: boolean,
    /** Whether the caller may lock (an unlocked user other than themselves) or unlock (a lock an admin may lift) the user. */
    can_lock: boolean,
    can_unlock: boolean,
    user_group_id: nullableInteger,
    user_group: nullableText,
    sso: boolean,
    user_type: text,
    invited_at: nullableInstant,
    /** For option lists (the group move form): id and name. */
    value: text,
    label: text,
  }),
);

/** `actingUserId`: the caller, who may not lock themselves. */
export function userResource(row: UserRow, actingUserId: number) {
  const fullName = `${row.first_name} ${row.last_name}`.trim();
  return resource('users', row.user_id, {
    user_id: Number(row.user_id),
    username: row.username,
    full_name: fullName,
    first_name: row.first_name,
    last_name: row.last_name,
    email_address: row.email_address,
    role: row.role,
    access_level: row.access_level,
    status: row.status,
    lock_state: row.lock_state,
    lock_reason: row.lock_reason,
    locked: row.lock_state !== null,
    can_lock: row.lock_state === null && Number(row.user_id) !== actingUserId,
    can_unlock: row.lock_state !== null && (LOCKS_ADMIN_MAY_LIFT as readonly string[]).includes(row.lock_state),
    user_group_id: row.user_group_id === null ? null : Number(row.user_group_id),
    user_group: row.user_group ?? null,
    sso: row.sso,
    user_type: row.user_type,
    invited_at: row.invited_at ? new Date(row.invited_at).toISOString() : null,
    value: String(row.user_id),
    label: `${fullName} (${row.username})`,
  });
}

/** A user the caller manages as the document a route answers with (404 when it is not theirs). */
export async function sendUser(db: Database, reply: FastifyReply, auth: AuthContext, id: number | string, status = 200) {
  const row = await existingUser(db, auth, String(id));
  return reply
    .status(status)
    .type(JSON_API)
    .send({ data: userResource(row, Number(auth.user.user_id)) });
}
