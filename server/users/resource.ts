import { ACCESS_LEVELS } from '../../domain/users.ts';
import { boolean, integer, nullableInstant, nullableInteger, nullableText, resourceSchema, strictObject, text } from '../http/api-schema.ts';
import { resource } from '../http/jsonapi.ts';
import type { UserRow } from './queries.ts';

/** spec §3 user fields, plus the access level, status and whether the user signs in through SSO. */
export const userResourceSchema = resourceSchema('users', strictObject({
  user_id: integer, username: text, full_name: text, first_name: text, last_name: text, email_address: text,
  role: text, access_level: { type: 'string', enum: [...ACCESS_LEVELS] }, status: { type: 'string', enum: ['active', 'not_activated'] },
  lock_state: nullableText, lock_reason: nullableText, locked: boolean,
  user_group_id: nullableInteger, user_group: nullableText, sso: boolean, user_type: text, invited_at: nullableInstant,
  /** For option lists (the group move form): id and name. */
  value: text, label: text,
}));

export function userResource(row: UserRow) {
  const fullName = `${row.first_name} ${row.last_name}`.trim();
  return resource('users', row.user_id, {
    user_id: Number(row.user_id), username: row.username, full_name: fullName, first_name: row.first_name, last_name: row.last_name,
    email_address: row.email_address, role: row.role, access_level: row.access_level, status: row.status,
    lock_state: row.lock_state, lock_reason: row.lock_reason, locked: row.lock_state !== null,
    user_group_id: row.user_group_id === null ? null : Number(row.user_group_id), user_group: row.user_group ?? null,
    sso: row.sso, user_type: row.user_type, invited_at: row.invited_at ? new Date(row.invited_at).toISOString() : null,
    value: String(row.user_id), label: `${fullName} (${row.username})`,
  });
}
