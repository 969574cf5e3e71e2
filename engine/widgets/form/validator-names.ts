/**
 * The custom validators a form definition may list. schemas/form.schema.json's enum and the
 * registry in validators.ts both follow this list (a test checks the schema).
 */
export const VALIDATOR_NAMES = [
  'passwordRules',
  'confirmMatches',
  'maxNameLength',
  'bankAccount',
  'loyaltyTargets',
  'merchantInvoice',
] as const;
export type ValidatorName = (typeof VALIDATOR_NAMES)[number];
