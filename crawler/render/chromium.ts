import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium, driven by playwright-core: the crawler's renderer, and the tools' browser
// tests and audits (scripts/dev/lib/chromium.ts). Playwright gives every launch a fresh temporary
// profile (--user-data-dir).

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** CHROMIUM_PATH (the machine's) wins over the config's path, which wins over Debian's. */
export function chromiumPath(configured?: string): string {
  return process.env.CHROMIUM_PATH || configured || DEFAULT_CHROMIUM_PATH;
}

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

export function chromiumInstalled(path: string): boolean {
  return existsSync(path);
}

export async function launchBrowser(path: string, extraArgs: readonly string[] = []): Promise<Browser> {
  if (!chromiumInstalled(path)) throw new Error(`Chromium is not installed at ${path} (apt-get install chromium, or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: path, args: [...CHROMIUM_FLAGS, ...extraArgs], headless: true });
}
