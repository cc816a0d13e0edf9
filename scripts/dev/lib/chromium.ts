import type { Browser } from 'playwright-core';
import { chromiumInstalled, chromiumPath, launchBrowser } from '../../../crawler/render/chromium.ts';
import { freePort } from './net.ts';

// Debian's Chromium for browser tests (playwright-core) and audits (Lighthouse); the path and
// flags are the crawler renderer's (crawler/render/chromium.ts).

export { CHROMIUM_FLAGS } from '../../../crawler/render/chromium.ts';
export const CHROMIUM_PATH = chromiumPath();

export function chromiumAvailable(): boolean {
  return chromiumInstalled(CHROMIUM_PATH);
}

export interface LaunchedChromium {
  browser: Browser;
  /** The DevTools port, when launched with `debuggingPort` (Lighthouse connects to it). */
  port: number | null;
}

/** Launches Chromium; with `debuggingPort`, also on a DevTools port for Lighthouse. */
export async function launchChromium(options: { debuggingPort?: boolean } = {}): Promise<LaunchedChromium> {
  const port = options.debuggingPort ? await freePort() : null;
  const browser = await launchBrowser(CHROMIUM_PATH, port ? [`--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'] : []);
  return { browser, port };
}
