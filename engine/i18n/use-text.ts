import { createContext, createElement, use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Texts, Translate } from './texts.ts';

export type { Translate };

const TextsContext = createContext<Texts | null>(null);

export function TextsProvider({ texts, children }: { texts: Texts; children: ReactNode }) {
  return createElement(TextsContext, { value: texts }, children);
}

/** The translator itself: to change the language or load namespaces. */
export function useTexts(): Texts {
  const texts = use(TextsContext);
  if (!texts) throw new Error('useText outside a TextsProvider');
  return texts;
}

/**
 * The portal's translate function: takes our dotted keys ("auth.login.title"). Components
 * render again when the language changes.
 */
export function useText(): { t: Translate; language: string } {
  const texts = useTexts();
  const version = useSyncExternalStore(texts.subscribe, texts.version, texts.version);
  // A new `t` per version, so memos and callbacks that depend on it see the change.
  return useMemo(() => ({ t: (key, values) => texts.t(key, values), language: texts.language }), [texts, version]);
}

/**
 * Renders its children once these namespaces are loaded in the current language, suspending
 * meanwhile (the nearest Suspense boundary shows its fallback).
 */
export function WithTexts({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const texts = useTexts();
  const pending = texts.ready(namespaces);
  if (pending) use(pending);
  return children;
}
