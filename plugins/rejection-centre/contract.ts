/**
 * The rejections API as the rejection centre reads it, derived from the generated API types
 * (engine/data/api-schema.d.ts, `npm run api:types`): GET /rejections and its two actions.
 */
import type { ApiAttributes } from '../../engine/data/api-client.ts';

/** POST /rejections/resubmit corrections: shared with the server (domain/rejections.ts), which validates them. */
export type { Corrections, CorrectionField } from '../../domain/rejections.ts';

/** A rejection of GET /rejections: customer and card, merchant and transaction information (spec §3). */
export type RejectionRecord = ApiAttributes<'/rejections'>;
