import { idDigits } from '../http/api-schema.ts';

/** The list's sort fields and their columns, for the portal's, the operator API's and the studio's application lists. */
export const applicationSortColumns = { created_at: 'created_at', status: 'status', requested_limit: 'requested_limit_minor' };

/** The path parameter of one application, shared by the portal's and the operator API's routes. */
export const applicationIdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['application_id'],
  properties: { application_id: idDigits },
} as const;
