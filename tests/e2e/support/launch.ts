import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // *.localhost names the second tenant; resolve it to loopback like the main host.
  '--host-resolver-rules=MAP *.localhost 127.0.0.1'];

/** Debian's Chromium (no browser download here), headless, traffic to loopback only. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
