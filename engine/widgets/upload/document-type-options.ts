import type { FormatterName } from '../../registry/names.ts';

/** A document type as GET /document-types lists it. */
export interface DocumentTypeRow {
  doc_type_id: number;
  document_type: string;
}

/**
 * A document type select's options, labelled in the user's language (the API names types in
 * English): `formatValue` is useFormatter()'s function.
 */
export function documentTypeOptions(
  types: readonly DocumentTypeRow[],
  formatValue: (name: FormatterName, value: unknown) => string,
): Array<{ value: string; label: string }> {
  return types.map((type) => ({ value: String(type.doc_type_id), label: formatValue('documentType', type.document_type) }));
}
