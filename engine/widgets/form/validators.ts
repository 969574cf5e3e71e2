import type { CustomValidator, RJSFSchema } from '@rjsf/utils';
import { bankAccountProblems } from '../../../domain/bank-accounts.ts';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { loyaltyIssueMessage, validateLoyaltyProgram, type LoyaltyProgramInput } from '../../../domain/loyalty.ts';
import { centralDay } from '../../../domain/exposure.ts';
import { checkInvoiceDraft, type InvoiceDraft } from '../../../domain/merchant-invoices.ts';
import { checkPassword } from '../../../domain/password-rules.ts';
import type { PasswordRules, TenantLimits } from '../../../domain/tenant.ts';
import type { Translate } from '../../i18n/use-text.ts';
import type { ValidatorName } from './validator-names.ts';

/** What a rule may read: the tenant's limits from GET /config. */
export interface ValidatorContext {
  limits: { password: PasswordRules; maxNameLength: number; loyalty?: TenantLimits['loyalty'] };
}

/**
 * One message for one field; `field` is also the property whose title fills `{{field}}`. A field
 * inside a list is a dotted path ("milestones.1.target_minor").
 */
export interface FieldIssue {
  field: string;
  key: string;
  values?: Record<string, unknown>;
}

type FormData = Record<string, unknown>;
type FormRule = (data: FormData, context: ValidatorContext) => FieldIssue[];

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** spec §5: first, last and full name fields have a maximum length (tenant maxNameLength). */
export const NAME_FIELDS = ['first_name', 'last_name', 'full_name', 'firstName', 'lastName', 'fullName'] as const;

/**
 * Named rules a form definition lists in `validators`. The server enforces the same rules
 * (domain/password-rules.ts); these give instant feedback.
 */
export const formValidators: Record<ValidatorName, FormRule> = {
  passwordRules(data, { limits }) {
    if (!filled(data.password)) return [];
    const unmet = checkPassword(data.password, limits.password);
    return unmet.length
      ? [{ field: 'password', key: ErrorCode.passwordRequirementsNotMet, values: { rules: unmet.map((u) => u.rule) } }]
      : [];
  },
  confirmMatches(data) {
    if (!filled(data.confirm_password) || data.confirm_password === data.password) return [];
    return [{ field: 'confirm_password', key: ErrorCode.passwordsDoNotMatch }];
  },
  maxNameLength(data, { limits }) {
    return NAME_FIELDS.filter((field) => filled(data[field]) && [...(data[field] as string)].length > limits.maxNameLength).map(
      (field) => ({ field, key: ErrorCode.validationMaxLength, values: { limit: limits.maxNameLength } }),
    );
  },
  // The server's own rules (ABA check digit, CFI numbers, payment types); required fields are the schema's.
  bankAccount(data) {
    return bankAccountProblems(data)
      .filter((problem) => problem.code !== ErrorCode.fieldRequired)
      .map((problem) => ({ field: problem.field, key: problem.code, ...(problem.values ? { values: problem.values } : {}) }));
  },
  // spec §5 loyalty rules, the same function the server runs on PATCH …/targets (every issue here, the first there).
  loyaltyTargets(data, { limits }) {
    if (!limits.loyalty) return [];
    const program: LoyaltyProgramInput = {
      incentive_reward_minor: data.incentive_reward_minor as number | undefined,
      milestones: Array.isArray(data.milestones) ? (data.milestones as LoyaltyProgramInput['milestones']) : [],
    };
    const currency = typeof data.currency === 'string' ? data.currency : 'USD';
    return validateLoyaltyProgram(program, limits.loyalty).map((issue) => {
      const message = loyaltyIssueMessage(issue, currency);
      return {
        field: issue.pointer.slice(1).replaceAll('/', '.'),
        key: message.code,
        ...(message.values ? { values: message.values } : {}),
      };
    });
  },
  // A dealer's invoice (spec §5 numeric rules, dates, totals): the server's own rules; the
  // schema requires the plain fields, the server checks customer, currency and adjustment reason.
  merchantInvoice(data) {
    const { problems } = checkInvoiceDraft(data as InvoiceDraft, { today: centralDay(new Date()), minorUnits: 2 });
    return problems
      .filter((problem) => problem.code !== ErrorCode.fieldRequired || problem.field === 'due_date')
      .map((problem) => ({ field: problem.field, key: problem.code, ...(problem.values ? { values: problem.values } : {}) }));
  },
};

/** The schema of a dotted field path (through object properties and list items). */
function schemaAt(schema: RJSFSchema, path: readonly string[]): RJSFSchema | undefined {
  return path.reduce<RJSFSchema | undefined>((node, key) => {
    if (!node) return undefined;
    if (/^\d+$/.test(key)) return node.items as RJSFSchema | undefined;
    return node.properties?.[key] as RJSFSchema | undefined;
  }, schema);
}

export function runValidators(names: readonly ValidatorName[], data: FormData, context: ValidatorContext): FieldIssue[] {
  return names.flatMap((name) => {
    const rule = formValidators[name];
    if (!rule) throw new Error(`Unknown form validator "${name}"; known: ${Object.keys(formValidators).join(', ')}`);
    return rule(data, context);
  });
}

/** RJSF `customValidate` running the form's named rules, messages translated. */
export function customValidateFor(
  names: readonly ValidatorName[],
  schema: RJSFSchema,
  context: ValidatorContext | null,
  t: Translate,
): CustomValidator | undefined {
  if (names.length === 0 || !context) return undefined;
  return (formData, errors) => {
    for (const issue of runValidators(names, (formData ?? {}) as FormData, context)) {
      const path = issue.field.split('.');
      const title = schemaAt(schema, path)?.title;
      const target = errorNodeAt(errors as unknown as ErrorNode, path);
      target.addError(t(issue.key, { ...issue.values, field: title ? t(title) : issue.field }));
    }
    return errors;
  };
}

/** RJSF's error handler node: its messages and how to add one. */
interface ErrorNode {
  __errors?: string[];
  addError(message: string): void;
  [key: string]: unknown;
}

/**
 * The error handler of a dotted field path, made where RJSF made none: it builds handlers only
 * for the keys the data has, and an emptied field ("Reward is required") has no key any more.
 */
function errorNodeAt(root: ErrorNode, path: readonly string[]): ErrorNode {
  return path.reduce<ErrorNode>((node, key) => {
    const existing = node[key] as ErrorNode | undefined;
    if (existing && typeof existing.addError === 'function') return existing;
    // A list's node holds its items' handlers but may have no handler of its own: keep them.
    const made: ErrorNode = Object.assign(existing && typeof existing === 'object' ? existing : {}, {
      addError(this: ErrorNode, message: string) {
        (this.__errors ??= []).push(message);
      },
    });
    node[key] = made;
    return made;
  }, root);
}
