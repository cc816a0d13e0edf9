import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { AMP_POLICY, THEME_BOOTSTRAP, cspHash } from '../../site/html/csp.ts';
import { tagSlug } from '../../crawler/enrich/tag-slug.ts';
import { describeProblems, isExpected404, startBrowser, watchedPage } from '../helpers/browser.ts';
import { readContent } from '../site/helpers/content.ts';
import { demoBuild } from './helpers/demo-build.ts';

// The Content Security Policy in Chromium: every page type of the demo site loads with
// zero violations, zero console errors and zero failed requests, under both the <meta>
// policy and the header that serveStatic sends the way the CDN would.

let server: StaticServer;
let browser: Browser;
let article: string;
let tag: string;

beforeAll(async () => {
  const site = await demoBuild();
  const content = await readContent(site.root);
  const sample = content.find((a) => a.data.topic === 'software' && a.data.tags.length > 0)!;
  article = `/${sample.id}/`;
  tag = sample.data.tags[0];
  server = await serveStatic(site.dist, { port: 0 });
  browser = await startBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('content security policy', () => {
  it('is strict: hashes for the one inline script and the inline styles, nothing unsafe but WebAssembly', async () => {
    const res = await fetch(server.url);
    const html = await res.text();
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const policy = directives(meta!.replace(/&#39;/g, "'"));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(policy.get('script-src')).toContain("'wasm-unsafe-eval'");
    expect(policy.get('script-src')).toContain(cspHash(THEME_BOOTSTRAP));
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    expect(policy.get('style-src')).toEqual(["'self'", cspHash(style)]);
    expect(meta).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|\*/);
    // The header repeats the page's policy and adds what only a header can say.
    expect(res.headers.get('content-security-policy')).toBe(`${meta!.replace(/&#39;/g, "'").replace(/;\s*$/, '')}; frame-ancestors 'none'`);
  });

  it('loads every page type with zero violations, console errors or failed requests', async () => {
    const { page, problems, context, ampCdnRequests } = await watchedPage(browser);
    const pages = ['/', '/software/', '/software/page/1/', '/software/page/2/', article, '/tags/', `/tags/${tagSlug(tag)}/`, '/data/', '/about/', '/privacy/', '/terms/', '/dmca/'];
    for (const path of pages) {
      const response = await page.goto(new URL(path, server.url).href, { waitUntil: 'load' });
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(await page.locator('meta[http-equiv="content-security-policy"]').count(), path).toBe(1);
    }

    // Search runs Pagefind: a dynamic import and WebAssembly (in the page: noWorker).
    await page.goto(new URL('/search/', server.url).href);
    await page.locator('#search-q').fill('telescope');
    await page.locator('#search-results > li').first().waitFor();
    await page.goto(server.url);
    await page.locator('#q-top').pressSequentially('solar');
    await page.locator('#q-top ~ .suggest a').first().waitFor();

    // AMP: its own policy, as a header (AMP forbids the meta tag); the runtime is refused here (offline).
    const amp = await page.goto(new URL(`/amp${article}`, server.url).href, { waitUntil: 'load' });
    expect(amp?.headers()['content-security-policy']).toBe(AMP_POLICY);
    expect(await page.locator('meta[http-equiv="content-security-policy"]').count()).toBe(0);
    expect(ampCdnRequests).toEqual(['https://cdn.ampproject.org/v0.js']);

    const missing = await page.goto(new URL('/no-such-page/', server.url).href);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Page not found');

    expect(describeProblems(problems.filter((p) => !isExpected404(p, '/no-such-page/')))).toEqual([]);
    await context.close();
  }, 120_000); // sixteen page loads and two searches: ~10 s alone, past the default 30 s at load 19

  it('is in force: an injected inline script, style or remote script is refused and reported', async () => {
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(new URL(article, server.url).href);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      const style = document.createElement('style');
      style.textContent = 'body{display:none}';
      document.head.append(style);
      const remote = document.createElement('script');
      remote.src = 'https://evil.example/x.js';
      document.body.append(remote);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await page.locator('footer.site-footer').waitFor();
    // Each refusal is reported once per policy in force: the <meta> one and the header.
    await expect.poll(() => problems.filter((p) => p.kind === 'csp').length, { timeout: 10_000 }).toBe(6);
    const csp = [...new Set(problems.filter((p) => p.kind === 'csp').map((p) => p.text))];
    expect(csp).toHaveLength(3);
    expect(csp.some((t) => t.startsWith('script-src-elem blocked inline'))).toBe(true);
    expect(csp.some((t) => t.startsWith('style-src-elem blocked inline'))).toBe(true);
    expect(csp.some((t) => t.startsWith('script-src-elem blocked https://evil.example/x.js'))).toBe(true);
    expect(await page.locator('article .body').isVisible()).toBe(true);
    await context.close();
  });
});
