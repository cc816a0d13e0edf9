import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from './net.ts';

// Debian's Chromium, driven by playwright-core (browser tests) or Lighthouse (audits).
// Playwright gives every launch a fresh temporary profile (--user-data-dir).

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, and quiet on the network: without the background-networking flags Chromium
 * calls Google's services, which a closed network refuses (and the refusals end up in the
 * console). As root it only starts without its sandbox.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export interface LaunchedChromium {
  browser: Browser;
  /** The DevTools port, when launched with `debuggingPort` (Lighthouse connects to it). */
  port: number | null;
}

/** Launches Chromium; with `debuggingPort`, also on a DevTools port for Lighthouse. */
export async function launchChromium(options: { debuggingPort?: boolean } = {}): Promise<LaunchedChromium> {
  if (!chromiumAvailable()) throw new Error(`Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const port = options.debuggingPort ? await freePort() : null;
  const args = [...CHROMIUM_FLAGS, ...(port ? [`--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'] : [])];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
  return { browser, port };
}
