import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../domain/error-codes.ts';
import type { DisputeReason, InvoiceRecord } from '../contract.ts';
import { amountProblems, contactProblems, emptyDraft, hasInput, reasonProblems } from './draft.ts';

const reason = (documentation_required: 'Y' | 'N'): DisputeReason => ({
  dispute_reason: 'Duplicate charge',
  dispute_reason_id: 3,
  documentation_required,
});
const file = new File(['%PDF-1.4'], 'proof.pdf', { type: 'application/pdf' });

describe("the create wizard's step rules", () => {
  it('has input once anything beyond the invoices it came with is chosen or typed', () => {
    const draft = emptyDraft(['T-1', 'T-2']);
    expect(hasInput(draft, ['T-1', 'T-2'])).toBe(false);
    expect(hasInput({ ...draft, items: ['T-1'] }, ['T-1', 'T-2'])).toBe(true);
    expect(hasInput({ ...draft, description: ' x ' }, ['T-1', 'T-2'])).toBe(true);
    expect(
      hasInput({ ...draft, newContacts: [{ name: 'A', email_address: 'a@b.example', contact_type: 'Primary' }] }, ['T-1', 'T-2']),
    ).toBe(true);
  });

  it('needs a reason, a description and, when the reason says so, a document of a type', () => {
    const draft = emptyDraft(['T-1']);
    expect(reasonProblems(draft, undefined).map((problem) => problem.code)).toEqual([ErrorCode.fieldRequired, ErrorCode.fieldRequired]);
    const described = { ...draft, reasonId: '3', description: 'Charged twice' };
    expect(reasonProblems(described, reason('N'))).toEqual([]);
    expect(reasonProblems(described, reason('Y')).map((problem) => problem.code)).toEqual([ErrorCode.disputeDocumentRequired]);
    const untyped = { ...described, documents: { 'T-1': { file, docTypeId: null } } };
    expect(reasonProblems(untyped, reason('Y'))).toEqual([
      { code: ErrorCode.fieldRequired, values: { field: 'common.upload.documentType' } },
    ]);
    expect(reasonProblems({ ...described, documents: { 'T-1': { file, docTypeId: '2' } } }, reason('Y'))).toEqual([]);
  });

  it('refuses an amount above the open amount or not above zero, per invoice', () => {
    const invoice = { trxId: 'T-1', amountMinor: 5_000, currentDueMinor: 3_000, pastDueMinor: 0 } as InvoiceRecord;
    const draft = emptyDraft(['T-1']);
    expect(amountProblems(draft, [invoice])).toEqual([]);
    expect(amountProblems({ ...draft, amounts: { 'T-1': 3_000 } }, [invoice])).toEqual([]);
    expect(amountProblems({ ...draft, amounts: { 'T-1': 3_001 } }, [invoice])).toEqual([
      { trxId: 'T-1', code: ErrorCode.disputeAmountAboveOpen },
    ]);
    expect(amountProblems({ ...draft, amounts: { 'T-1': 0 } }, [invoice])).toEqual([
      { trxId: 'T-1', code: ErrorCode.disputeAmountInvalid },
    ]);
  });

  it("needs a new contact's name and a valid email address", () => {
    expect(contactProblems({ name: 'Dana', email_address: 'dana@northwind.example', contact_type: 'Billing' })).toEqual([]);
    expect(contactProblems({ name: ' ', email_address: 'dana@', contact_type: 'Primary' }).map((problem) => problem.code)).toEqual([
      ErrorCode.fieldRequired,
      ErrorCode.validationEmail,
    ]);
  });
});
