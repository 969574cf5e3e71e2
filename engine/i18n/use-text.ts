import { createContext, createElement, use, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Texts, Translate } from './i18next-texts.ts';

export type { Translate };

const TextsContext = createContext<Texts | null>(null);

/** Gives components the translator and react-i18next its i18next instance (injected, no global). */
export function TextsProvider({ texts, children }: { texts: Texts; children?: ReactNode }) {
  return createElement(I18nextProvider, { i18n: texts.i18n }, createElement(TextsContext, { value: texts }, children));
}

/** The translator itself: to change the language or load namespaces. */
export function useTexts(): Texts {
  const texts = use(TextsContext);
  if (!texts) throw new Error('useText outside a TextsProvider');
  return texts;
}

// Keys name their namespace ("auth.login.title"), so the hook is bound to none; it never
// suspends (screens wait for their namespaces through WithTexts).
const NO_NAMESPACE: string[] = [];
const HOOK_OPTIONS = { useSuspense: false };

/**
 * The portal's translate function over react-i18next's useTranslation: takes our dotted keys
 * ("auth.login.title"). Components render again when the language changes.
 */
export function useText(): { t: Translate; language: string } {
  const texts = useTexts();
  const { t, i18n } = useTranslation(NO_NAMESPACE, HOOK_OPTIONS);
  // A new `t` whenever react-i18next gives a new one (language change, late texts), so memos
  // and callbacks that depend on it see the change.
  return useMemo(() => ({
    t: (key, values) => { texts.fetchLate(key); return t(key, values); },
    language: i18n.language,
  }), [texts, t, i18n.language]);
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
