import { accessSync, constants } from 'node:fs';
import type { Browser } from 'playwright-core';

/**
 * Debian's Chromium (no browser download here), headless, traffic to loopback only. Shared by the
 * studio's QA snapshots (issue 24) and the browser tests, benchmarks and screen snapshots, so the
 * studio renders a screen exactly as QA's snapshot suite does.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 loads its omnibox's WebUI pages (Lit, the AI-mode compose box) into every new
  // browser context, headless too: about half of the browser's CPU for a context and a page,
  // taken from the server under test on a two-core machine (measured 11.5 s against 5.4 s for ten).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
  // *.localhost names the second tenant; resolve it to loopback like the main host.
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
];

/** CHROMIUM_PATH, read when asked so a test (or an operator) can change it without a restart. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Whether there is a browser to launch: the studio answers 503 to a snapshot run without one. */
export function chromiumAvailable(): boolean {
  try {
    accessSync(chromiumPath(), constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Loaded when first launched: a server that never renders does not pay for importing Playwright. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
