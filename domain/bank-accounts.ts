/**
 * Bank account rules of spec §3-§5 and §9, once for both sides: the payment-methods form runs
 * them for instant feedback (engine/widgets/form/validators.ts), the server refuses with the
 * same codes (server/bank-accounts/).
 */
import { ErrorCode, type ErrorCodeKey } from './error-codes.ts';
import { systemType, type TenantConfigValues } from './tenant.ts';

/** 'cfi': a Canadian account (spec §3 CFI variant); 'us': the common fields, every other country. */
export type BankAccountKind = 'us' | 'cfi';
export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** spec §8: when the banking-country lookup is not offered or fails, the form offers these. */
export const FALLBACK_BANKING_COUNTRIES = ['US', 'CA'] as const;

/** Bank and account names are free text with a bound, like every stored name. */
export const BANK_TEXT_MAX = 100;

/** Account number lengths: ACH allows up to 17 digits; Canadian account numbers are 7 to 12. */
export const ACCOUNT_NUMBER_DIGITS: Record<BankAccountKind, { min: number; max: number }> = {
  us: { min: 4, max: 17 },
  cfi: { min: 7, max: 12 },
};

/**
 * spec §6: the banking-country lookup (GET /ecaas/customer-banking-countries/{customer}) exists
 * only for system type G with bank account module version above 1 (role and customer apart).
 */
export function bankingCountriesOffered(config: Pick<TenantConfigValues, 'api_version' | 'bank_account_module_version'>): boolean {
  return systemType(config) === 'G' && config.bank_account_module_version > 1;
}

export function bankAccountKind(country: string): BankAccountKind {
  return country === 'CA' ? 'cfi' : 'us';
}

/** What the form submits and POST /bank-accounts accepts (fields of the other variant are ignored). */
export interface BankAccountInput {
  bank_country?: string | null;
  bank_name?: string | null;
  account_name?: string | null;
  account_number?: string | null;
  routing_number?: string | null;
  bank_number?: string | null;
  branch_number?: string | null;
  account_type?: string | null;
  autopay?: boolean;
  online_payment?: boolean;
}

export type BankAccountField = keyof BankAccountInput;

/** spec §5 required fields of each variant (the form's schema lists the same; a test checks). */
export const REQUIRED_FIELDS: Record<BankAccountKind, readonly BankAccountField[]> = {
  us: ['bank_country', 'bank_name', 'account_number', 'routing_number', 'account_type'],
  cfi: ['bank_country', 'account_name', 'bank_number', 'branch_number', 'account_number'],
};

/** The fields a variant stores; the rest are null. */
const VARIANT_FIELDS: Record<BankAccountKind, readonly BankAccountField[]> = {
  us: ['bank_name', 'account_name', 'account_number', 'routing_number', 'account_type'],
  cfi: ['bank_name', 'account_name', 'account_number', 'bank_number', 'branch_number'],
};

/** One message for one field; `field` names the input it belongs to. */
export interface BankAccountProblem {
  field: BankAccountField;
  code: ErrorCodeKey;
  values?: Record<string, string | number>;
}

const DIGITS = /^\d+$/;

/** ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 10 === 0;
}

/** spec §5: "Routing number must be exactly 9 digits", then the check digit. */
export function routingNumberProblem(value: string): ErrorCodeKey | undefined {
  if (!/^\d{9}$/.test(value)) return ErrorCode.routingNumberDigits;
  return isAbaRoutingNumber(value) ? undefined : ErrorCode.routingNumberCheckDigit;
}

/** spec §5: CFI bank number is exactly 4 digits starting with 0. */
export const isCfiBankNumber = (value: string): boolean => /^0\d{3}$/.test(value);
/** spec §5: CFI branch number is exactly 5 digits. */
export const isCfiBranchNumber = (value: string): boolean => /^\d{5}$/.test(value);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The format rules of one filled field (required fields are checked apart). */
function fieldProblem(field: BankAccountField, value: string, kind: BankAccountKind): BankAccountProblem | undefined {
  switch (field) {
    case 'routing_number': {
      const code = routingNumberProblem(value);
      return code ? { field, code } : undefined;
    }
    case 'bank_number':
      return isCfiBankNumber(value) ? undefined : { field, code: ErrorCode.bankNumberInvalid };
    case 'branch_number':
      return isCfiBranchNumber(value) ? undefined : { field, code: ErrorCode.branchNumberInvalid };
    case 'account_number': {
      const { min, max } = ACCOUNT_NUMBER_DIGITS[kind];
      return DIGITS.test(value) && value.length >= min && value.length <= max
        ? undefined
        : { field, code: ErrorCode.accountNumberInvalid, values: { min, max } };
    }
    case 'account_type':
      return (ACCOUNT_TYPES as readonly string[]).includes(value) ? undefined : { field, code: ErrorCode.validationEnum };
    case 'bank_name':
    case 'account_name':
      return value.length <= BANK_TEXT_MAX ? undefined : { field, code: ErrorCode.validationMaxLength, values: { limit: BANK_TEXT_MAX } };
    default:
      return undefined;
  }
}

/** spec §4: up to two payment types, at least one (the error sits on the last checkbox). */
export function paymentTypesProblem(input: Pick<BankAccountInput, 'autopay' | 'online_payment'>): BankAccountProblem | undefined {
  return input.autopay === true || input.online_payment === true
    ? undefined
    : { field: 'online_payment', code: ErrorCode.paymentTypeRequired };
}

/**
 * Every problem of a new account, in field order: required fields first ("{field} is required",
 * with the field name as `values.field`), then formats, then payment types.
 * bankAccountProblems({ bank_country: 'US', routing_number: '12345', ... })
 *   → [{ field: 'routing_number', code: 'errors.bankAccounts.routingNumberDigits' }]
 */
export function bankAccountProblems(input: BankAccountInput): BankAccountProblem[] {
  const kind = bankAccountKind(text(input.bank_country));
  const problems: BankAccountProblem[] = [];
  for (const field of REQUIRED_FIELDS[kind]) {
    if (!text(input[field])) problems.push({ field, code: ErrorCode.fieldRequired, values: { field } });
  }
  for (const field of VARIANT_FIELDS[kind]) {
    const value = text(input[field]);
    const problem = value ? fieldProblem(field, value, kind) : undefined;
    if (problem) problems.push(problem);
  }
  const types = paymentTypesProblem(input);
  if (types) problems.push(types);
  return problems;
}

/** What is stored for a valid input: its variant's fields trimmed, the others null. */
export interface BankAccountRecord {
  kind: BankAccountKind;
  bank_country: string;
  bank_name: string | null;
  account_name: string | null;
  account_number: string;
  routing_number: string | null;
  bank_number: string | null;
  branch_number: string | null;
  account_type: AccountType | null;
  autopay: boolean;
  online_payment: boolean;
}

export function bankAccountRecord(input: BankAccountInput): BankAccountRecord {
  const country = text(input.bank_country);
  const kind = bankAccountKind(country);
  const keep = (field: BankAccountField) => (VARIANT_FIELDS[kind].includes(field) && text(input[field])) || null;
  return {
    kind,
    bank_country: country,
    bank_name: keep('bank_name'),
    account_name: keep('account_name'),
    account_number: text(input.account_number),
    routing_number: keep('routing_number'),
    bank_number: keep('bank_number'),
    branch_number: keep('branch_number'),
    account_type: keep('account_type') as AccountType | null,
    autopay: input.autopay === true,
    online_payment: input.online_payment === true,
  };
}

/** spec §9: account numbers are masked everywhere but at entry: maskAccountNumber('000123456789') === '••••6789'. */
export function maskAccountNumber(number: string): string {
  return `••••${number.slice(-4)}`;
}

/**
 * How a message names an account: bank, account name and the masked number, so two accounts
 * that share their last four digits are told apart (issue 13). Missing or repeated names are left out.
 * accountLabel({ bank_name: 'JPMorgan Chase Bank', account_name: 'Operating', account_number: '000123456789' })
 *   === 'JPMorgan Chase Bank · Operating ••••6789'
 */
export function accountLabel(account: { bank_name: string | null; account_name: string | null; account_number: string }): string {
  const names = [...new Set([account.bank_name, account.account_name].map((name) => name?.trim() ?? '').filter(Boolean))];
  return [names.join(' · '), maskAccountNumber(account.account_number)].filter(Boolean).join(' ');
}

/** What the account rules need to know of a customer's live accounts. */
export interface LiveAccount {
  id: string | number;
  autopay: boolean;
  online_payment: boolean;
}

/** spec §4: only one AutoPay account. The live AutoPay account other than `except`, if any. */
export function currentAutopayAccount<A extends LiveAccount>(accounts: readonly A[], except?: string | number): A | undefined {
  return accounts.find((account) => account.autopay && String(account.id) !== String(except));
}

/**
 * spec §4: "Removing the last payment method warns that online payment will stop": true when
 * taking `id` away (or its online payment) leaves the customer no online-payment account.
 */
export function stopsOnlinePayment(accounts: readonly LiveAccount[], id: string | number): boolean {
  const account = accounts.find((candidate) => String(candidate.id) === String(id));
  if (!account?.online_payment) return false;
  return !accounts.some((other) => other.online_payment && String(other.id) !== String(id));
}
