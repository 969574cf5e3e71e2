import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FormValidation, RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { VALIDATOR_NAMES } from './validator-names.ts';
import { customValidateFor, formValidators, runValidators, type ValidatorContext } from './validators.ts';

const context: ValidatorContext = {
  limits: {
    maxNameLength: 5,
    password: {
      minLength: 8,
      maxLength: 64,
      minNumeric: 1,
      minUpper: 1,
      minLower: 1,
      minAlpha: 2,
      minSpecial: 1,
      minNonAlpha: 2,
      historySize: 5,
    },
  },
};

describe('form validators registry', () => {
  it('matches the names schemas/form.schema.json allows', () => {
    const schema = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../schemas/form.schema.json'), 'utf8')) as {
      properties: { validators: { items: { enum: string[] } } };
    };
    expect(schema.properties.validators.items.enum).toEqual([...VALIDATOR_NAMES]);
    expect(Object.keys(formValidators).sort()).toEqual([...VALIDATOR_NAMES].sort());
  });

  it('passwordRules: refuses a password breaking the tenant rules, listing them', () => {
    expect(runValidators(['passwordRules'], { password: 'password' }, context)).toEqual([
      {
        field: 'password',
        key: ErrorCode.passwordRequirementsNotMet,
        values: { rules: ['minNumeric', 'minUpper', 'minSpecial', 'minNonAlpha'] },
      },
    ]);
    expect(runValidators(['passwordRules'], { password: 'Portal#2026' }, context)).toEqual([]);
  });

  it('passwordRules: leaves an empty password to the required check', () => {
    expect(runValidators(['passwordRules'], {}, context)).toEqual([]);
  });

  it('confirmMatches: confirmation must equal the password', () => {
    expect(runValidators(['confirmMatches'], { password: 'Portal#2026', confirm_password: 'Portal#2025' }, context)).toEqual([
      { field: 'confirm_password', key: ErrorCode.passwordsDoNotMatch },
    ]);
    expect(runValidators(['confirmMatches'], { password: 'Portal#2026', confirm_password: 'Portal#2026' }, context)).toEqual([]);
    expect(runValidators(['confirmMatches'], { password: 'Portal#2026' }, context)).toEqual([]);
  });

  it('maxNameLength: first, last and full name at most the tenant maximum', () => {
    expect(
      runValidators(['maxNameLength'], { first_name: 'Alexa', last_name: 'Morgans', full_name: 'Al', email: 'toolongvalue' }, context),
    ).toEqual([{ field: 'last_name', key: ErrorCode.validationMaxLength, values: { limit: 5 } }]);
  });

  it('adds translated messages to the right field through customValidate', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        password: { type: 'string', title: 'auth.fields.newPassword' },
        confirm_password: { type: 'string', title: 'auth.fields.confirmPassword' },
      },
    };
    const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`;
    const validate = customValidateFor(['passwordRules', 'confirmMatches'], schema, context, t)!;
    const field = () => {
      const errors: string[] = [];
      return {
        __errors: errors,
        addError: (message: string) => {
          errors.push(message);
        },
      };
    };
    const errors = { password: field(), confirm_password: field(), __errors: [], addError: () => {} } as unknown as FormValidation;
    validate({ password: 'short', confirm_password: 'other' }, errors);
    const byField = errors as unknown as Record<string, { __errors: string[] }>;
    expect(byField.password!.__errors[0]).toMatch(/^errors\.auth\.passwordRequirementsNotMet/);
    expect(byField.confirm_password!.__errors).toEqual([`${ErrorCode.passwordsDoNotMatch}{"field":"auth.fields.confirmPassword"}`]);
  });

  it("puts a dealer invoice's line item problems on the nested field, titled by its schema", () => {
    const t = (key: string, values?: Record<string, unknown>) => (values ? `${key}${JSON.stringify(values)}` : key);
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        line_items: {
          type: 'array',
          items: { type: 'object', properties: { quantity: { type: 'string', title: 'merchantInvoices.fields.quantity' } } },
        },
      },
    };
    const validate = customValidateFor(['merchantInvoice'], schema, context, t)!;
    const field = () => {
      const errors: string[] = [];
      return {
        __errors: errors,
        addError: (message: string) => {
          errors.push(message);
        },
      };
    };
    const quantity = field();
    const errors = {
      line_items: { 0: { quantity, description: field(), unit_price: field() } },
      __errors: [],
      addError: () => {},
    } as unknown as FormValidation;
    validate(
      {
        invoice_id: 'A-1',
        po_number: 'P',
        buid_customer: 'C-1',
        currency: 'USD',
        status: 'Pending',
        received_date: '2026-01-02',
        line_items: [{ description: 'Diesel', quantity: '1.0001', unit_price: '1' }],
      },
      errors,
    );
    expect(quantity.__errors).toEqual([`${ErrorCode.validationDecimals}{"limit":3,"field":"merchantInvoices.fields.quantity"}`]);
  });

  it('runs nothing without configuration or rules', () => {
    expect(customValidateFor([], { type: 'object' }, context, (k) => k)).toBeUndefined();
    expect(customValidateFor(['passwordRules'], { type: 'object' }, null, (k) => k)).toBeUndefined();
  });
});

describe('loyaltyTargets (spec §5, the rules the server enforces)', () => {
  const loyalty = {
    ...context,
    limits: { ...context.limits, loyalty: { maxRewardMinor: 100_000, maxTargetMinor: 10_000_000, maxTier: 5 } },
  };

  it('lists every broken rule by dotted path with the domain message', () => {
    const issues = runValidators(
      ['loyaltyTargets'],
      {
        incentive_reward_minor: 0,
        currency: 'EUR',
        milestones: [
          { incentive_tier: 1, target_minor: 500, reward_minor: 200_000 },
          { incentive_tier: 1, target_minor: 400 },
        ],
      },
      loyalty,
    );
    expect(issues).toEqual([
      { field: 'incentive_reward_minor', key: ErrorCode.loyaltyIncentiveRewardNotPositive },
      {
        field: 'milestones.0.reward_minor',
        key: ErrorCode.loyaltyRewardTooHigh,
        values: { max: 1000, formatParams: { max: { currency: 'EUR' } } },
      },
      { field: 'milestones.1.reward_minor', key: ErrorCode.loyaltyRewardRequired },
      { field: 'milestones.1.incentive_tier', key: ErrorCode.loyaltyTierNotHigher },
      { field: 'milestones.1.target_minor', key: ErrorCode.loyaltyTargetNotHigher },
    ]);
    expect(
      runValidators(
        ['loyaltyTargets'],
        { incentive_reward_minor: 1, milestones: [{ incentive_tier: 1, target_minor: 1, reward_minor: 0 }] },
        loyalty,
      ),
    ).toEqual([]);
  });

  it('puts each message under its field inside the list, also where the data has no key for it', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        incentive_reward_minor: { type: 'number', title: 'loyalty.fields.incentiveReward' },
        milestones: {
          type: 'array',
          items: { type: 'object', properties: { reward_minor: { type: 'number', title: 'loyalty.fields.reward' } } },
        },
      },
    };
    const validate = customValidateFor(['loyaltyTargets'], schema, loyalty, (key) => `t(${key})`)!;
    const added: string[] = [];
    const node = (path: string) => ({
      __errors: [] as string[],
      addError(message: string) {
        added.push(`${path}: ${message}`);
      },
    });
    // As RJSF builds it: handlers only for the keys of the data (milestone 0 has no reward_minor).
    const errors = {
      ...node('root'),
      incentive_reward_minor: node('incentive'),
      milestones: { ...node('list'), 0: { ...node('item'), incentive_tier: node('tier') } },
    };
    const result = validate(
      { incentive_reward_minor: 5, milestones: [{ incentive_tier: 1, target_minor: 10 }] },
      errors as unknown as FormValidation,
    ) as unknown as { milestones: Record<string, Record<string, { __errors: string[] }>> };
    expect(result.milestones['0']!.reward_minor!.__errors).toEqual(['t(errors.loyalty.rewardRequired)']);
    expect(added).toEqual([]);
  });
});
