import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { BindingContext } from '../definitions/bindings.ts';

/** What a screen's widgets read: the bindings. Data comes from the data layer (data/queries.ts), the ability from policy/AbilityProvider. */
interface ScreenContextValue {
  bindings: BindingContext;
  /**
   * Where each table node of the screen keeps its state in the URL's query ('' or "<id>.",
   * widgets/table/list-url-state.ts listNamespaces); a table it does not name uses plain keys.
   */
  listNamespaces?: ReadonlyMap<object, string>;
}

const ScreenContext = createContext<ScreenContextValue | null>(null);

export function ScreenContextProvider({ value, children }: { value: ScreenContextValue; children: ReactNode }) {
  return <ScreenContext.Provider value={value}>{children}</ScreenContext.Provider>;
}

export function useScreen(): ScreenContextValue {
  const value = useContext(ScreenContext);
  if (!value) throw new Error('useScreen outside a screen');
  return value;
}

/** A nested binding scope (a table row, a detail record) over the screen's bindings. */
export function WithRecord({ record, children }: { record: Record<string, unknown>; children: ReactNode }) {
  const parent = useScreen();
  const value = useMemo(() => ({ ...parent, bindings: { ...parent.bindings, record } }), [parent, record]);
  return <ScreenContext.Provider value={value}>{children}</ScreenContext.Provider>;
}
