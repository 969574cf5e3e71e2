import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useScreen } from '../../screens/screen-context.tsx';
import { namespaceOf } from './list-namespaces.ts';
import { listStateKey, readListState, writeListState } from './list-url-state.ts';
import type { TableNode, TableUiState } from './types.ts';

/**
 * How a change reaches the browser's history: `push` for a choice the user may want to go Back
 * from (a page, a sort, a filter picked), `replace` for what follows typing (one entry per
 * keystroke would make Back useless) and for corrections the portal makes itself.
 */
export type HistoryMode = 'push' | 'replace';

export interface ListUrlState {
  /** The state the URL gives the table (list-url-state.ts readListState): what is asked for and shown. */
  applied: TableUiState;
  /** list-url-state.ts listStateKey of `applied`: equal for equal states. */
  appliedKey: string;
  /** Writes a state into the URL; nothing happens when the URL already says it. */
  commit(next: TableUiState, history: HistoryMode): void;
  /**
   * The state the next change starts from: the last one committed until the page shows it (the
   * router renders a navigation in a transition, so a second click may come before), else `applied`.
   */
  latest(): TableUiState;
  /** Changes with every navigation (react-router's location key): tells the URL's changes from the session's. */
  locationKey: string;
}

/** A table's state in the page's URL: read as the route loader reads it, written back with react-router. */
export function useListUrlState(definition: TableNode, language: string): ListUrlState {
  const { bindings, listNamespaces } = useScreen();
  const namespace = namespaceOf(definition, listNamespaces);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  // The page's bindings hold the query as the route loader sees it (routing/prefetch-screen.ts), so both read the same state.
  const applied = useMemo(() => readListState(definition, bindings.query, namespace), [definition, bindings.query, namespace]);
  const appliedKey = listStateKey(definition, applied, language);

  // The last commit, with the URL state it was made on: once the URL moved (the commit arrived, or Back), the URL is the state again.
  const committed = useRef<{ from: string; state: TableUiState } | null>(null);
  const latest = useCallback(() => (committed.current?.from === appliedKey ? committed.current.state : applied), [applied, appliedKey]);

  const commit = useCallback(
    (next: TableUiState, history: HistoryMode) => {
      if (listStateKey(definition, next, language) === listStateKey(definition, latest(), language)) return;
      committed.current = { from: appliedKey, state: next };
      setSearchParams(writeListState(definition, searchParams, next, namespace, language), {
        replace: history === 'replace',
        preventScrollReset: true,
        // The router's state carries a selection some screens bind to (ScreenPage): a new page of the list keeps it.
        state: location.state,
      });
    },
    [definition, language, appliedKey, latest, setSearchParams, searchParams, namespace, location.state],
  );

  return { applied, appliedKey, commit, latest, locationKey: location.key };
}
