/**
 * A table's `defaultPageSize` is one of the page sizes it offers (its `pageSizes`, else the engine's default
 * sizes): the table would otherwise start silently at its first size (list-params.ts initialUiState), a
 * typo nobody sees until a list is longer than that.
 */
import type { ScreenDefinition } from '../../../engine/definitions/types.ts';
import { pageSizesOf } from '../../../engine/widgets/table/list-params.ts';
import type { DefinitionFile } from '../definition-set.ts';
import type { Problem } from '../problems.ts';
import { walk } from '../walk.ts';

export function checkPageSizes(screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of screens) {
    for (const { pointer, node } of walk(definition)) {
      if (node.widget !== 'table' || typeof node.defaultPageSize !== 'number') continue;
      const offered = pageSizesOf({ pageSizes: Array.isArray(node.pageSizes) ? (node.pageSizes as number[]) : undefined });
      if (!offered.includes(node.defaultPageSize))
        problems.push({
          file,
          pointer: `${pointer}/defaultPageSize`,
          code: 'definitions.pageSizeNotOffered',
          params: { size: String(node.defaultPageSize), offered: offered.map((size) => `\`${size}\``).join(', ') },
        });
    }
  }
  return problems;
}
