import { createContext, createElement, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LATE_TEXTS_EVENT, type Texts, type Translate } from './i18next-texts.ts';

export type { Translate };

const TextsContext = createContext<Texts | null>(null);

/** The language the page shows, and a revision that moves when late texts arrive. */
interface Shown {
  language: string;
  revision: number;
}
const ShownContext = createContext<Shown | null>(null);

/** What re-renders the readers of texts: a language change, a late namespace (Texts.fetchLate). */
const FOLLOWED_EVENTS = ['languageChanged', LATE_TEXTS_EVENT];

/**
 * Gives components the translator (injected, no global), and renders them again when the
 * language changes or late texts arrive. React state, not react-i18next's useTranslation: that
 * reads i18next through useSyncExternalStore, whose updates React always renders at once, so a
 * language change rendered the whole page in the change's own event (issue 25). A state update
 * made inside startTransition (i18n.ts changeLanguage) renders in that transition.
 */
export function TextsProvider({ texts, children }: { texts: Texts; children?: ReactNode }) {
  const [shown, setShown] = useState<Shown>(() => ({ language: texts.language, revision: 0 }));
  useEffect(() => {
    const follow = () => setShown((current) => ({ language: texts.language, revision: current.revision + 1 }));
    for (const event of FOLLOWED_EVENTS) texts.i18n.on(event, follow);
    // A change between the first render and this subscription.
    setShown((current) => (current.language === texts.language ? current : { language: texts.language, revision: current.revision + 1 }));
    return () => {
      for (const event of FOLLOWED_EVENTS) texts.i18n.off(event, follow);
    };
  }, [texts]);
  return createElement(TextsContext, { value: texts }, createElement(ShownContext, { value: shown }, children));
}

/** The translator itself: to change the language or load namespaces. */
export function useTexts(): Texts {
  const texts = use(TextsContext);
  if (!texts) throw new Error('useText outside a TextsProvider');
  return texts;
}

/**
 * The portal's translate function: takes our dotted keys ("auth.login.title"), which name their
 * namespace; it never suspends (screens wait for their namespaces through WithTexts). Components
 * render again when the language changes or late texts arrive. Its texts are those of the
 * language this render shows (i18next's fixed t), so a render while a language change is still
 * pending in its transition shows the old language throughout.
 */
export function useText(): { t: Translate; language: string } {
  const texts = useTexts();
  const shown = use(ShownContext);
  if (!shown) throw new Error('useText outside a TextsProvider');
  // A new `t` with each language and late texts, so memos and callbacks that depend on it see the change.
  return useMemo(() => {
    const fixed = texts.i18n.getFixedT(shown.language);
    return {
      t: (key: string, values?: Record<string, unknown>) => {
        texts.fetchLate(key);
        return fixed(key, values);
      },
      language: shown.language,
    };
  }, [texts, shown]);
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
