import type { FromSchema } from 'json-schema-to-ts';
import type { Selectable } from 'kysely';
import { accountLabel, maskAccountNumber, stopsOnlinePayment } from '../../domain/bank-accounts.ts';
import type { BankAccountsTable } from '../db/schema.ts';
import { boolean, instant, nullableText, resourceSchema, strictObject, text } from '../http/api-schema.ts';
import { resource } from '../http/jsonapi.ts';

export type BankAccountRow = Selectable<BankAccountsTable>;

/** The attributes of a bank account resource; bankAccountResource is typed by it. */
export const bankAccountAttributesSchema = strictObject({
  account_id: text,
  buid_customer: text,
  kind: { type: 'string', enum: ['us', 'cfi'] },
  bank_country: text,
  bank_name: nullableText,
  account_name: nullableText,
  account_number_masked: text,
  routing_number: nullableText,
  bank_number: nullableText,
  branch_number: nullableText,
  account_type: { type: ['string', 'null'], enum: ['checking', 'savings', null] },
  autopay: boolean,
  online_payment: boolean,
  created_at: instant,
  stops_online_payment: boolean,
});
export type BankAccountAttributes = FromSchema<typeof bankAccountAttributesSchema>;
export const bankAccountResourceSchema = resourceSchema('bank-accounts', bankAccountAttributesSchema);

/**
 * A bank account as every response shows it: the number masked to its last four digits, never
 * in full (spec §9). `stops_online_payment` tells the portal that removing this account leaves
 * the customer without online payment (spec §4), so it can warn before.
 */
export function bankAccountResource(row: BankAccountRow, live: readonly BankAccountRow[]) {
  return resource<BankAccountAttributes>('bank-accounts', row.id, {
    account_id: String(row.id),
    buid_customer: row.buid_customer,
    kind: row.kind,
    bank_country: row.bank_country,
    bank_name: row.bank_name,
    account_name: row.account_name,
    account_number_masked: maskAccountNumber(row.account_number),
    routing_number: row.routing_number,
    bank_number: row.bank_number,
    branch_number: row.branch_number,
    account_type: row.account_type,
    autopay: row.autopay,
    online_payment: row.online_payment,
    created_at: new Date(row.created_at).toISOString(),
    stops_online_payment: stopsOnlinePayment(live, row.id),
  });
}

/** What a conflict or an audit entry may name of an account: never the full number. */
export function accountSummary(row: BankAccountRow) {
  return { account_id: String(row.id), account: maskAccountNumber(row.account_number), bank_name: row.bank_name ?? row.account_name };
}

/** The 409 of the AutoPay conflict: the summary, the account's name and `label`, which its texts show ({{label}}). */
export function conflictMeta(row: BankAccountRow) {
  return { ...accountSummary(row), account_name: row.account_name, label: accountLabel(row) };
}
