/**
 * Column priorities of tables (issue 26: identifiers and amounts are never clipped): every table
 * names at least one `key` column (what never clips, and the title of a row's card on a phone),
 * and a key column is not hidden by default (a key value the user must first ask for is no key);
 * one key column at least shows to everyone (no `when`: issue 24's columns hidden for a role).
 */
import type { ScreenDefinition } from '../../../engine/definitions/types.ts';
import type { TableColumnDefinition } from '../../../engine/widgets/table/types.ts';
import type { DefinitionFile } from '../definition-set.ts';
import type { Problem } from '../problems.ts';
import { walk } from '../walk.ts';

/** What the rule reads of a column, as the table's contract types it (the schema check has passed). */
type Column = Pick<TableColumnDefinition, 'field' | 'priority' | 'defaultHidden' | 'when'>;

export function checkColumnPriorities(screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of screens) {
    for (const { pointer, node } of walk(definition)) {
      if (node.widget !== 'table' || !Array.isArray(node.columns)) continue;
      const columns = node.columns as Column[];
      const keys = columns.filter((column) => column.priority === 'key');
      if (keys.length > 0 && keys.every((column) => column.when !== undefined)) {
        problems.push({
          file,
          pointer: `${pointer}/columns`,
          code: 'definitions.keyColumnsConditional',
          params: { fields: keys.map((column) => `\`${String(column.field)}\``).join(', ') },
        });
      }
      if (keys.length === 0) {
        const fields = columns.map((column) => `\`${String(column.field)}\``).join(', ');
        problems.push({
          file,
          pointer: `${pointer}/columns`,
          code: 'definitions.noKeyColumn',
          params: { fields },
        });
      }
      columns.forEach((column, index) => {
        if (column.priority === 'key' && column.defaultHidden === true) {
          problems.push({
            file,
            pointer: `${pointer}/columns/${index}/defaultHidden`,
            code: 'definitions.keyColumnHidden',
            params: { field: String(column.field) },
          });
        }
      });
    }
  }
  return problems;
}
