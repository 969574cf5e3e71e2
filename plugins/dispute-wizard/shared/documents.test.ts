import { describe, expect, it } from 'vitest';
import { documentTypeLimitProblems, type ChosenDocument } from './documents.ts';

const file = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const chosen = (docTypeId: string | null, name = 'a.pdf'): ChosenDocument => ({ file: file(name), docTypeId });
const TYPES = [
  { doc_type_id: 1, document_type: 'Invoice copy', max_attachments: 1 },
  { doc_type_id: 2, document_type: 'Proof of delivery', max_attachments: 3 },
];

describe("a document type's maximum in a response (spec §5)", () => {
  it('says so when more documents of a type are chosen than it allows', () => {
    expect(documentTypeLimitProblems([chosen('1', 'a.pdf'), chosen('1', 'b.pdf')], TYPES)).toEqual([
      { code: 'errors.files.documentTypeLimit', values: { maximum: 1, existing: 0 } },
    ]);
  });

  it('is quiet within the limits, and for documents without a type yet', () => {
    expect(documentTypeLimitProblems([chosen('1'), chosen('2', 'b.pdf'), chosen('2', 'c.pdf'), chosen(null, 'd.pdf')], TYPES)).toEqual([]);
  });
});
