import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** Several files at once to one transaction or application, each with its document type and progress (issue 26). */
export const multiUploadContract = defineWidget({
  name: 'multiUpload',
  props: {
    path: ref(
      'template',
      'POST path of the upload; the body is { [target.field]: value, files: [{ file_name, mime_type, content_base64, doc_type_id }] }.',
    ),
    target: {
      type: 'object',
      additionalProperties: false,
      required: ['field'],
      properties: {
        field: {
          description: 'The body field naming what the files attach to (trx_id, application_id).',
          type: 'string',
          pattern: '^[a-z][a-z0-9_]*$',
        },
        value: ref('template', 'A binding; when it resolves empty, the user types the value in an input.'),
        label: ref('textKey'),
        hint: ref('textKey'),
        integer: { description: 'Send the value as a number.', type: 'boolean' },
      },
    },
    title: ref('textKey'),
    success: ref('textKey'),
    documentTypes: ref('template', 'GET path of the document types (default /document-types).'),
  },
  required: ['path', 'target'],
  reads: [],
});

export type MultiUploadProps = WidgetPropsOf<typeof multiUploadContract>;
