/**
 * The formatters' contract: their names (a formatter has no props). format/formatters.ts
 * implements each (its switch is exhaustive over these), the screen schema's `formatter` enum is
 * built from them (registry/screen-schema.ts).
 */
export const FORMATTER_NAMES = [
  'text',
  'currency',
  'date',
  'dateCentral',
  'dateTime',
  'dateTimeCentral',
  'status',
  'documentType',
  'disputeReason',
  'disputeContactType',
  'fileSize',
  'phone',
  'percent',
  'number',
  'yesNo',
  'month',
] as const;
export type FormatterName = (typeof FORMATTER_NAMES)[number];
