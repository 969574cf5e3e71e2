import type { ResourceObject } from '../../data/api-client.ts';
import { resourceQuery } from '../../data/queries.ts';
import { resolveBinding, type BindingContext } from '../../definitions/bindings.ts';
import { buildListParams } from './list-params.ts';
import type { TableNode, TableUiState } from './types.ts';

/** The resource path a table lists, with its bindings resolved. */
export function listResource(definition: TableNode, bindings: BindingContext): string {
  return String(resolveBinding(definition.source.resource, bindings));
}

/**
 * The read of one page of a table: the same key for the table (useTableData) and for its route's
 * loader, which prefetches the first page in the definition's initial state.
 */
export function listQuery(definition: TableNode, ui: TableUiState, bindings: BindingContext, locale: string) {
  return resourceQuery<ResourceObject[]>(listResource(definition, bindings), buildListParams(definition, ui, bindings, locale));
}
