/**
 * The dispute API as the wizard reads it, derived from the generated API types
 * (engine/data/api-schema.d.ts, `npm run api:types`).
 */
import type { ApiAttributes } from '../../engine/data/api-client.ts';

export type InvoiceRecord = ApiAttributes<'/invoices'>;
export type DisputeReason = ApiAttributes<'/customer-dispute-reasons'>;
export type GroupContact = ApiAttributes<'/ecaas/user-group-contacts'>;
export type IneligibleTrx = ApiAttributes<'/customer-dispute-ineligible-trxs'>;
export type DocumentType = ApiAttributes<'/document-types'>;
export type DisputeRecord = ApiAttributes<'/ecaas/customer-disputes'>;
