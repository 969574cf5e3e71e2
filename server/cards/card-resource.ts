import type { FromSchema } from 'json-schema-to-ts';
import type { Selectable } from 'kysely';
import { CARD_STATUSES, canManageCards, maskCardNumber, nextCardStatus, type AccountStatus } from '../../domain/cards.ts';
import type { CardsTable } from '../db/schema.ts';
import { boolean, day, idDigits, integer, nullableDay, nullableInstant, resourceSchema, strictObject, text } from '../http/api-schema.ts';
import { resource } from '../http/jsonapi.ts';

export type CardRow = Selectable<CardsTable>;

export interface CardViewer {
  /** The account's status: no card changes for inactive or terminated accounts (spec §4). */
  accountStatus: AccountStatus;
  /** Whether the caller may change cards at all (policy: update Card). */
  mayUpdate: boolean;
}

/** The attributes of a card resource; cardAttributes is typed by it. */
export const cardAttributesSchema = strictObject({
  card_id: integer,
  buid_customer: text,
  card_name: text,
  card_identifier: text,
  expiry_date: day,
  holder: text,
  status: { type: 'string', enum: CARD_STATUSES },
  requested_at: nullableInstant,
  termination_date: nullableDay,
  termination_reason: { type: ['string', 'null'], enum: ['damaged', 'lost', 'stolen', 'no_longer_needed', null] },
  can_activate: boolean,
  can_terminate: boolean,
});
export type CardAttributes = FromSchema<typeof cardAttributesSchema>;
export const cardResourceSchema = resourceSchema('cards', cardAttributesSchema);

/**
 * A card as lists show it: the number masked to its last four digits, never in full
 * (spec §6: the full number needs a password re-entry, see POST /ecaas/cards/view-secure).
 * can_activate / can_terminate let the portal offer only actions the API will accept.
 */
export function cardAttributes(row: CardRow, viewer: CardViewer): CardAttributes {
  const manageable = viewer.mayUpdate && canManageCards(viewer.accountStatus);
  return {
    card_id: row.card_id,
    buid_customer: row.buid_customer,
    card_name: row.card_name,
    card_identifier: maskCardNumber(row.card_last4),
    expiry_date: row.expiry_date,
    holder: row.card_holder,
    status: row.status,
    requested_at: row.requested_at ? new Date(row.requested_at).toISOString() : null,
    termination_date: row.termination_date,
    termination_reason: row.termination_reason,
    can_activate: manageable && nextCardStatus(row.status, 'activate') !== undefined,
    can_terminate: manageable && nextCardStatus(row.status, 'terminate') !== undefined,
  };
}

export function cardResource(row: CardRow, viewer: CardViewer) {
  return resource('cards', row.card_id, cardAttributes(row, viewer));
}

/** Route parameter :card_id — a positive bigint as digits. */
export const cardIdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['card_id'],
  properties: { card_id: idDigits },
} as const;
