/**
 * What the create wizard holds until it submits, and the rules each step checks before moving on
 * (the same domain rules the API enforces: domain/disputes.ts, domain/files.ts). Pure: tested alone.
 */
import { disputedAmountProblem, type DisputeContactType } from '../../../domain/disputes.ts';
import { ErrorCode } from '../../../domain/error-codes.ts';
import type { DisputeReason, InvoiceRecord } from '../contract.ts';
import { documentTypeProblems, type ChosenDocument } from '../shared/documents.ts';

export interface NewContact {
  name: string;
  email_address: string;
  contact_type: DisputeContactType;
}

export interface Draft {
  /** The invoices still in the dispute (trx ids), in the order they came. */
  items: string[];
  reasonId: string | null;
  description: string;
  comment: string;
  /** Disputed amount per trx id in minor units; absent = all that may be disputed. */
  amounts: Record<string, number | undefined>;
  documents: Record<string, ChosenDocument | undefined>;
  /** Group contacts chosen, by id. */
  groupContacts: string[];
  newContacts: NewContact[];
}

/**
 * A change of the draft: the fields it sets, or a function of the draft that gives them, so a
 * memoised field (steps.tsx) can update it with a callback that never changes.
 */
export type DraftPatch = Partial<Draft> | ((draft: Draft) => Partial<Draft>);

export const emptyDraft = (items: string[]): Draft => ({
  items,
  reasonId: null,
  description: '',
  comment: '',
  amounts: {},
  documents: {},
  groupContacts: [],
  newContacts: [],
});

/** Whether the user typed or chose anything beyond the invoices they came with. */
export function hasInput(draft: Draft, initialItems: readonly string[]): boolean {
  return (
    draft.items.length !== initialItems.length ||
    draft.reasonId !== null ||
    draft.description.trim() !== '' ||
    draft.comment.trim() !== '' ||
    Object.keys(draft.amounts).length > 0 ||
    Object.values(draft.documents).some(Boolean) ||
    draft.groupContacts.length > 0 ||
    draft.newContacts.length > 0
  );
}

export interface Problem {
  code: string;
  values?: Record<string, unknown>;
}

export function reasonProblems(draft: Draft, reason: DisputeReason | undefined): Problem[] {
  const problems: Problem[] = [];
  if (!reason) problems.push({ code: ErrorCode.fieldRequired, values: { field: 'disputes.fields.reason' } });
  if (draft.description.trim() === '') problems.push({ code: ErrorCode.fieldRequired, values: { field: 'disputes.fields.description' } });
  if (reason?.documentation_required === 'Y' && !draft.items.some((id) => draft.documents[id])) {
    problems.push({ code: ErrorCode.disputeDocumentRequired });
  }
  return [...problems, ...documentTypeProblems(draft.items.map((id) => draft.documents[id]))];
}

export function amountProblems(draft: Draft, invoices: readonly InvoiceRecord[]): Array<Problem & { trxId: string }> {
  return invoices
    .filter((invoice) => draft.items.includes(invoice.trxId))
    .flatMap((invoice) => {
      const amount = draft.amounts[invoice.trxId];
      if (amount === undefined) return [];
      const problem = disputedAmountProblem(amount, asAmountInvoice(invoice));
      return problem
        ? [{ trxId: invoice.trxId, code: problem === 'amountInvalid' ? ErrorCode.disputeAmountInvalid : ErrorCode.disputeAmountAboveOpen }]
        : [];
    });
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function contactProblems(contact: NewContact): Problem[] {
  const problems: Problem[] = [];
  if (contact.name.trim() === '') problems.push({ code: ErrorCode.fieldRequired, values: { field: 'disputes.fields.contactName' } });
  if (contact.email_address.trim() === '') problems.push({ code: ErrorCode.fieldRequired, values: { field: 'disputes.fields.email' } });
  else if (!EMAIL.test(contact.email_address.trim()))
    problems.push({ code: ErrorCode.validationEmail, values: { field: 'disputes.fields.email' } });
  return problems;
}

/** The invoice as domain/disputes.ts reads amounts. */
export function asAmountInvoice(invoice: InvoiceRecord) {
  return { amount_minor: invoice.amountMinor, current_due_minor: invoice.currentDueMinor, past_due_minor: invoice.pastDueMinor };
}
