import { correctableFields, maskCardIdentifier } from '../../domain/rejections.ts';
import { resource } from '../http/jsonapi.ts';
import {
  day,
  instant,
  integer,
  listDocument,
  nullableInteger,
  nullableText,
  resourceSchema,
  strictObject,
  text,
} from '../http/api-schema.ts';
import type { RejectionRow } from './query.ts';

export const rejectionResourceSchema = resourceSchema(
  'rejections',
  strictObject({
    rejection_id: integer,
    status: { type: 'string', enum: ['active', 'cancelled', 'resubmitted'] },
    buid_customer: text,
    customer_name: nullableText,
    card_holder: text,
    card_identifier: text,
    buid_merchant: text,
    merchant_name: nullableText,
    trx_id: text,
    transaction_date: day,
    amount_minor: integer,
    currency: text,
    product: nullableText,
    reject_reason: text,
    updated_at: instant,
    correctable_fields: { type: 'array', items: { type: 'string', enum: ['product', 'odometer', 'driver_id', 'vehicle_id'] } },
    odometer: nullableInteger,
    driver_id: nullableText,
    vehicle_id: nullableText,
    resubmit_comment: nullableText,
    resubmit_state: { type: ['string', 'null'], enum: ['processing', 'completed', 'failed', null] },
    resubmit_error: nullableText,
  }),
);
export const rejectionsDocument = listDocument(rejectionResourceSchema);

/** Customer and card, merchant, and transaction information (spec §3); the card shows its last 4 only. */
export function rejectionResource(row: RejectionRow) {
  return resource('rejections', row.rejection_id, {
    rejection_id: row.rejection_id,
    status: row.status,
    buid_customer: row.buid_customer,
    customer_name: row.customer_name,
    card_holder: row.card_holder,
    card_identifier: maskCardIdentifier(row.card_identifier),
    buid_merchant: row.buid_merchant,
    merchant_name: row.merchant_name,
    trx_id: row.trx_id,
    transaction_date: row.transaction_date,
    amount_minor: row.amount_minor,
    currency: row.currency,
    product: row.product,
    reject_reason: row.reject_reason,
    updated_at: new Date(row.updated_at).toISOString(),
    correctable_fields: [...correctableFields(row.reject_reason)],
    odometer: row.odometer,
    driver_id: row.driver_id,
    vehicle_id: row.vehicle_id,
    resubmit_comment: row.resubmit_comment,
    resubmit_state: row.resubmit_state,
    resubmit_error: row.resubmit_error,
  });
}
