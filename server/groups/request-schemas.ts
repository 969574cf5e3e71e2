import type { FromSchema } from 'json-schema-to-ts';
import { GROUP_NAME_MAX, NETWORK_ACCESS } from '../../domain/groups.ts';
import { idInteger } from '../http/api-schema.ts';

export const groupList = { filters: ['search'] as const, sorts: [] as const, defaultSort: [] as const };
export const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } },
} as const;
const groupId = { anyOf: [idInteger, { type: 'string', pattern: '^[0-9]{0,12}$' }, { type: 'null' }] } as const;
const idValue = { anyOf: [idInteger, { type: 'string', pattern: '^[0-9]{1,12}$' }] } as const;

const groupFields = {
  name: { type: 'string', maxLength: GROUP_NAME_MAX + 50 },
  parent_group_id: { description: 'The parent group; null or empty for a top-level group', ...groupId },
  network_access: { anyOf: [{ type: 'string', enum: [...NETWORK_ACCESS, ''] }, { type: 'null' }] },
  sso_enabled: { type: 'boolean' },
  // Never an issuer, a client or where a secret lives: those are the tenant's (issue 22).
  identity_provider_id: {
    description:
      "One of the tenant's identity providers (GET /identity-providers), by id; null or empty: none of its own (inherits its parent's)",
    type: ['string', 'null'],
    maxLength: 63,
  },
  customers: {
    description: "The group's customers: a list of ids, or one text of ids separated by commas",
    oneOf: [
      { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 64 } },
      { type: 'string', maxLength: 4000 },
    ],
  },
  include_child_accounts: { type: 'boolean' },
} as const;
export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    ...groupFields,
    top_level: {
      description: 'The wizard\'s "top level" choice: the group gets no parent, whatever parent_group_id says',
      type: 'boolean',
    },
  },
} as const;
export const updateBody = { type: 'object', additionalProperties: false, minProperties: 1, properties: groupFields } as const;
export const membersBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user_ids: { type: 'array', minItems: 1, maxItems: 500, items: idValue },
    user_id: { description: 'One user, as the move form sends it', ...idValue },
    move: { description: 'Confirms moving users who are in another group (spec §4)', type: 'boolean' },
  },
} as const;

/** The fields a create or an edit may carry (a create's also names the group and may say top_level). */
export type GroupFields = FromSchema<typeof updateBody>;
