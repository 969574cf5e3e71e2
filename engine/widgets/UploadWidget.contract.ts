import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** An invoice document upload: a document type, files within the tenant's limits, a progress bar. */
export const uploadContract = defineWidget({
  name: 'upload',
  props: {
    path: ref('template', 'POST path the files are sent to (the invoice documents).'),
    trxId: ref('template', 'The invoice the documents belong to ("{route.invoice_id}").'),
    documentTypes: {
      description: 'GET path of the document types offered (default /document-types).',
      type: 'string',
      pattern: '^/[a-z0-9/_-]+$',
    },
    success: ref('textKey', 'Toast once the files are in.'),
  },
  required: ['path', 'trxId'],
  reads: [],
});

export type UploadProps = WidgetPropsOf<typeof uploadContract>;
