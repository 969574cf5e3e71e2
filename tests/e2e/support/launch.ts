import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../server/studio/snapshots/chromium.ts';

/** Debian's Chromium with the flags the studio's QA snapshots use too (server/studio/snapshots/chromium.ts). */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}
