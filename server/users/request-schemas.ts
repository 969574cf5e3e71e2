import { ACCESS_LEVELS, EMAIL_MAX, USER_ROLES } from '../../domain/users.ts';
import { idInteger } from '../http/api-schema.ts';

export const userList = {
  filters: ['search', 'role', 'status', 'locked', 'user_group_id'] as const,
  sorts: ['username', 'full_name', 'email_address', 'role', 'user_group', 'status'] as const,
  defaultSort: [{ field: 'username', direction: 'asc' }] as const,
  filterSchemas: {
    status: { type: 'string', enum: ['active', 'not_activated'] },
    locked: { type: 'string', enum: ['true', 'false'] },
    user_group_id: { type: 'string', pattern: '^[0-9]{1,12}$' },
    role: { type: 'string', maxLength: 40 },
  },
} as const;
export const SORT_COLUMNS = {
  username: 'u.username',
  full_name: 'u.last_name',
  email_address: 'u.email_address',
  role: 'u.role',
  user_group: 'g.name',
  status: 'u.status',
} as const;

export const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } },
} as const;
// Generous bounds only: the tenant's name length and the domain rules answer with their own codes.
const nameText = { type: 'string', maxLength: 400 } as const;
const userFields = {
  first_name: nameText,
  last_name: nameText,
  full_name: { description: 'spec §5 hint: first and last name in one field, used when both are absent', ...nameText },
  email_address: { type: 'string', maxLength: EMAIL_MAX + 50 },
  role: { type: 'string', description: `One of ${USER_ROLES.join(', ')} (any casing)`, maxLength: 40 },
  access_level: { type: 'string', enum: [...ACCESS_LEVELS] },
} as const;
export const inviteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'email_address', 'role'],
  properties: {
    ...userFields,
    username: { type: 'string', maxLength: 200 },
    user_group_id: {
      description: 'Required for customer users: the group decides which customers they see',
      anyOf: [idInteger, { type: 'string', pattern: '^[0-9]{1,12}$' }],
    },
  },
} as const;
export const editBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...userFields,
    username: { type: 'string', maxLength: 200, description: 'Read-only: only the current username is accepted' },
  },
} as const;
export const lockBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 200 } },
} as const;
