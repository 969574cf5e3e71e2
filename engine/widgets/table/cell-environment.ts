import { createContext, useContext, useMemo, useRef } from 'react';
import type { PortalAbility } from '../../../domain/policy.ts';
import { useActionRunner } from '../../actions/use-action-runner.ts';
import type { BindingContext } from '../../definitions/bindings.ts';
import { useFormatter } from '../../format/use-formatter.ts';
import { useText, type Translate } from '../../i18n/use-text.ts';
import { usePortalAbility } from '../../policy/AbilityProvider.tsx';
import { useCanOpen } from '../../routing/link-access.ts';
import { usePortalPath } from '../../routing/navigation.ts';
import { useScreen } from '../../screens/screen-context.tsx';
import { useSession } from '../../session/store.ts';
import type { TextFit } from './text-fit.ts';

/**
 * What every cell needs (formatter, translator, bindings, route prefix), gathered once per
 * table instead of once per cell: a virtual table mounts dozens of cells per scrolled frame,
 * and each hook subscription there costs frame time.
 */
export interface CellEnvironment {
  format: ReturnType<typeof useFormatter>;
  t: Translate;
  bindings: BindingContext;
  portalPath: (path: string) => string;
  /** Whether the user may open a portal path (routing/link-access.ts): a cell links only then. */
  canOpen: (path: string) => boolean;
  /** For row actions: the policy, and the screen's action runner. */
  ability: PortalAbility;
  run: ReturnType<typeof useActionRunner>;
  /** Whether a text fits a cell (text-fit.ts), so only the cells that need one clip. */
  fits: TextFit;
  /** The text room of each column's cells, by column id: the least its track gets (VirtualTable). */
  rooms: Readonly<Record<string, number>>;
}

const NO_ROOMS: Readonly<Record<string, number>> = {};

const CellEnvironmentContext = createContext<CellEnvironment | null>(null);
export const CellEnvironmentProvider = CellEnvironmentContext.Provider;

export function useCellEnvironment(): CellEnvironment {
  const value = useContext(CellEnvironmentContext);
  if (!value) throw new Error('table cell outside its table');
  return value;
}

/** The environment for the table's cells; a new object only when what formatting reads changes. */
export function useCellEnvironmentValue(fits: TextFit): CellEnvironment {
  const format = useFormatter();
  const { t, language } = useText();
  const { bindings } = useScreen();
  const ability = usePortalAbility();
  const run = useActionRunner();
  const portalPath = usePortalPath();
  const canOpen = useCanOpen();
  const locale = useSession((session) => session.self?.locale_ISO);
  const timeZone = useSession((session) => session.self?.timeZone);
  // useFormatter and useText return new functions on every render; keep the latest behind
  // stable wrappers so memoised rows re-render only when their output can change.
  const latest = useRef({ format, t, run });
  latest.current = { format, t, run };
  return useMemo<CellEnvironment>(
    () => ({
      format: (name, value, currency) => latest.current.format(name, value, currency),
      t: (key, values) => latest.current.t(key, values),
      bindings,
      portalPath,
      canOpen,
      ability,
      run: (definition, extra) => latest.current.run(definition, extra),
      fits,
      rooms: NO_ROOMS,
    }),
    [language, locale, timeZone, bindings, portalPath, canOpen, ability, fits],
  );
}
