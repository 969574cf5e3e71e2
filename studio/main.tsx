import '@mantine/core/styles.css';
import '../engine/theme/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LANGUAGES } from '../common/locales.ts';
import { shareStyleNonce } from '../engine/runtime/csp-nonce.ts';
import { initialLanguage, initTexts } from '../engine/i18n/i18n.ts';
import { currentOperator } from './operator.ts';
import { StudioApp, STUDIO_NAMESPACES } from './StudioApp.tsx';

/**
 * The operator studio's page (issue 24): its own entry beside the portal's (vite.config.ts), so
 * nothing of it is on the portal's pages. It asks who is signed in and loads its texts at once,
 * then renders; the language is the one the browser chose last in the portal or the studio.
 */
async function start(): Promise<void> {
  shareStyleNonce();
  const browserLanguage = navigator.language.slice(0, 2);
  const fallback = LANGUAGES.find((language) => language === browserLanguage) ?? 'en';
  const [texts, operator] = await Promise.all([initTexts(initialLanguage(LANGUAGES, fallback), STUDIO_NAMESPACES), currentOperator()]);
  await texts.ready(STUDIO_NAMESPACES);
  document.getElementById('boot-spinner')?.remove();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StudioApp texts={texts} operator={operator} />
    </StrictMode>,
  );
}

void start();
