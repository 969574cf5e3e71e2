import { defineWidget, type WidgetPropsOf } from '../registry/define-widget.ts';
import { ref } from '../registry/schema-ref.ts';

/** A CSV import: a dry run, then every row in one transaction. */
export const csvImportContract = defineWidget({
  name: 'csvImport',
  props: {
    dryRun: ref('template', 'POST path of the dry run (server/csv/routes.ts <path>/dry-run).'),
    commit: ref('template', 'POST path that imports every row in one transaction.'),
    template: ref('template', 'GET path of the CSV template; offers a download button.'),
    success: ref('textKey', 'Toast after the import, with {{rows}}.'),
    then: ref('actionDefinition', 'Action run after a successful import.'),
  },
  required: ['dryRun', 'commit'],
  reads: [],
});

export type CsvImportProps = WidgetPropsOf<typeof csvImportContract>;
