import '@mantine/core/styles.css';
import '../engine/app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../engine/app/App.tsx';
import { createQueryClient } from '../engine/data/queries.ts';
import { initTexts, initialLanguage } from '../engine/i18n/i18n.ts';
import { bootstrapSession, sessionStore } from '../engine/session/store.ts';
// The composition root registers the plugins; the engine itself never imports one.
import '../plugins/index.ts';

/**
 * spec §1: a spinner (static, in index.html) shows until feature flags, configuration and
 * /self are loaded; then the page title comes from configuration.
 */
async function start(): Promise<void> {
  await bootstrapSession();
  const { config, self } = sessionStore.get();
  const root = createRoot(document.getElementById('root')!);
  if (!config) {
    document.getElementById('boot-error')?.removeAttribute('hidden');
    document.getElementById('boot-spinner')?.remove();
    return;
  }
  document.title = config.title;
  const language = initialLanguage(config.languages, self?.language && config.languages.includes(self.language as never) ? self.language as never : config.defaultLanguage);
  const texts = await initTexts(language);
  document.getElementById('boot-spinner')?.remove();
  root.render(<StrictMode><App texts={texts} queryClient={createQueryClient()} /></StrictMode>);
}

void start();
