import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { startBrowser } from '../helpers/browser.ts';

// A worker runs under the policy sent with its own script, not its page's. The site's scripts
// (dist/_astro/, where the data console's sql.js worker is) are sent with SCRIPT_FILE_POLICY by
// `npm run serve` (and by CloudFront's scripts policy): in Chromium such a worker may read the
// site's own files and nothing on another origin. The same worker served from another folder (no
// such header) reaches the other origin: the control that shows the header is what stops it.

const WORKER = `
self.onmessage = async (event) => {
  const tries = {};
  for (const [name, url] of Object.entries(event.data)) {
    try {
      await fetch(url, { mode: 'no-cors' });
      tries[name] = 'fetched';
    } catch (error) {
      tries[name] = 'refused';
    }
  }
  self.postMessage(tries);
};`;

const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>workers</title></head><body><p>workers</p></body></html>';

let dir: string;
let site: StaticServer;
let other: StaticServer;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-worker-csp-'));
  mkdirSync(join(dir, 'site', '_astro'), { recursive: true });
  mkdirSync(join(dir, 'site', 'elsewhere'), { recursive: true });
  mkdirSync(join(dir, 'other'), { recursive: true });
  writeFileSync(join(dir, 'site', 'index.html'), PAGE);
  writeFileSync(join(dir, 'site', 'data.txt'), 'the site’s own file');
  writeFileSync(join(dir, 'site', '_astro', 'probe.js'), WORKER);
  writeFileSync(join(dir, 'site', 'elsewhere', 'probe.js'), WORKER);
  writeFileSync(join(dir, 'other', 'secret.txt'), 'another origin');
  site = await serveStatic(join(dir, 'site'), { port: 0 });
  other = await serveStatic(join(dir, 'other'), { port: 0 });
  browser = await startBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await other?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function tries(script: string): Promise<{ csp: string | null; result: Record<string, string> }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scriptResponse = page.waitForResponse((r) => r.url().endsWith(script));
    await page.goto(site.url);
    const urls = { own: new URL('/data.txt', site.url).href, other: new URL('/secret.txt', other.url).href };
    const result = await page.evaluate(
      ([path, targets]) =>
        new Promise<Record<string, string>>((resolve, reject) => {
          const worker = new Worker(path);
          worker.onmessage = (event) => resolve(event.data as Record<string, string>);
          worker.onerror = (event) => reject(new Error(event.message));
          worker.postMessage(targets);
        }),
      [script, urls] as const,
    );
    return { csp: (await (await scriptResponse).allHeaders())['content-security-policy'] ?? null, result };
  } finally {
    await context.close();
  }
}

describe("a worker started from the site's scripts", () => {
  it('is sent the scripts policy and reads the site, but nothing on another origin', async () => {
    const confined = await tries('/_astro/probe.js');
    expect(confined.csp).toContain("connect-src 'self'");
    expect(confined.result).toEqual({ own: 'fetched', other: 'refused' });
  }, 60_000);

  it('reaches the other origin when served without the policy (the control)', async () => {
    const free = await tries('/elsewhere/probe.js');
    expect(free.csp).toBeNull();
    expect(free.result).toEqual({ own: 'fetched', other: 'fetched' });
  }, 60_000);
});
