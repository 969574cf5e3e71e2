import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { loadForm } from 'virtual:portal-forms';
import { REQUIRED_FIELDS } from '../../../domain/bank-accounts.ts';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { runValidators } from './validators.ts';

/** What RJSF reports for data against the precompiled validator: property → keyword. */
/** The bank-account form is rendered by RJSF (it has variants): its module carries the RJSF validator. */
async function rjsfForm() {
  const form = await loadForm('bank-account');
  if (form.flat) throw new Error('the bank-account form has variants: it must not be flat');
  return form;
}

async function errorsOf(data: Record<string, unknown>) {
  const { definition, validator } = await rjsfForm();
  const { errors } = validator.validateFormData(data, definition.schema as RJSFSchema);
  return errors
    .filter((error) => error.name === 'required')
    .map((error) => error.property)
    .sort();
}

const context = { limits: { password: {} as never, maxNameLength: 50 } };

describe('the bank-account form (US and Canadian CFI variants)', () => {
  it('requires the US fields by default and the CFI fields for Canada, through precompiled validators', async () => {
    expect(await errorsOf({ bank_country: 'US' })).toEqual(['account_number', 'account_type', 'bank_name', 'routing_number']);
    expect(await errorsOf({ bank_country: 'CA' })).toEqual(['account_name', 'account_number', 'bank_number', 'branch_number']);
  });

  it('takes a resolved variant as the root, as RJSF passes it in nested calls', async () => {
    const { definition, validator } = await rjsfForm();
    const root = definition.schema as RJSFSchema;
    const resolved = retrieveSchema(validator, root, root, { bank_country: 'US' });
    const [variants] = root.allOf as RJSFSchema[];
    expect(() => validator.isValid(variants!.if as RJSFSchema, 'US', resolved)).not.toThrow();
    expect(validator.validateFormData({ bank_country: 'US' }, resolved).errors.length).toBeGreaterThan(0);
  });

  it('lists the same required fields as the domain rule the server enforces', async () => {
    const { definition } = await loadForm('bank-account');
    const [variants] = (definition.schema.allOf ?? []) as Array<{ then: { required: string[] }; else: { required: string[] } }>;
    const root = definition.schema.required ?? [];
    expect([...root, ...variants!.then.required].sort()).toEqual([...REQUIRED_FIELDS.cfi].sort());
    expect([...root, ...variants!.else.required].sort()).toEqual([...REQUIRED_FIELDS.us].sort());
  });

  it('runs the domain checks in the browser: ABA check digit, CFI numbers, payment types', () => {
    const us = {
      bank_country: 'US',
      bank_name: 'B',
      account_number: '123456',
      account_type: 'checking',
      autopay: false,
      online_payment: true,
    };
    expect(runValidators(['bankAccount'], { ...us, routing_number: '12345' }, context)).toEqual([
      { field: 'routing_number', key: ErrorCode.routingNumberDigits },
    ]);
    expect(runValidators(['bankAccount'], { ...us, routing_number: '021000022' }, context)).toEqual([
      { field: 'routing_number', key: ErrorCode.routingNumberCheckDigit },
    ]);
    expect(runValidators(['bankAccount'], { ...us, routing_number: '021000021', online_payment: false }, context)).toEqual([
      { field: 'online_payment', key: ErrorCode.paymentTypeRequired },
    ]);
    const cfi = {
      bank_country: 'CA',
      account_name: 'A',
      bank_number: '1234',
      branch_number: '12',
      account_number: '1234567',
      online_payment: true,
    };
    expect(runValidators(['bankAccount'], cfi, context).map((issue) => issue.key)).toEqual([
      ErrorCode.bankNumberInvalid,
      ErrorCode.branchNumberInvalid,
    ]);
    // Missing fields are the schema's "{field} is required", not repeated here.
    expect(runValidators(['bankAccount'], { bank_country: 'CA', online_payment: true }, context)).toEqual([]);
  });
});
