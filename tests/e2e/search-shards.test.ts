import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { buildSite } from '../../scripts/build.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { describeProblems, startBrowser, watchedPage } from '../helpers/browser.ts';
import { readContent, type ContentFile } from '../site/helpers/content.ts';

// Search over many shards, in Chromium: a site of 40 articles indexed 8 to a shard (a large
// site's layout in small). A first search covers the newest two shards; older ones are fetched
// only when the reader asks, tier by tier, and then an article from the oldest shard is found.

const ARTICLES = 40;
const SHARD = 8;
let work: string;
let server: StaticServer;
let browser: Browser;
let content: ContentFile[];
let oldest: ContentFile;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'gleaner-search-shards-'));
  const config = parseConfig(syntheticConfig({ topics: 2, pageSize: 5 }));
  await writeSyntheticSite(work, { articles: ARTICLES, topics: 2, pageSize: 5, seed: 4 });
  content = await readContent(work);
  oldest = [...content].sort((a, b) => a.data.publishedOnSite.localeCompare(b.data.publishedOnSite))[0]!;
  await appendFile(oldest.path, `\nA last word on ${WORD}.\n`);
  const report = await buildSite({ root: work, config, quiet: true, searchShardSize: SHARD });
  // More than one shard written: the search index was made beside Astro's child (site/builder/index.ts).
  expect(report.searchShards.written).toBeGreaterThan(1);
  server = await serveStatic(report.dist, { port: 0 });
  browser = await startBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A made-up word, written into the oldest article before the build: found there and nowhere else. */
const WORD = 'quorblixity';

describe('search over shards', () => {
  it('searches the newest two shards first, and older ones only when asked', async () => {
    const word = WORD;
    const { page, problems, context } = await watchedPage(browser);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/pagefind/')) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto(new URL(`/search/?q=${word}`, server.url).href);
    const status = page.locator('#search-status');
    // expect.poll gives up after 1 s unless told: a loaded machine takes longer to load Pagefind and search.
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe(`No articles found in the newest ${2 * SHARD} of ${ARTICLES} articles.`);
    const shardsFetched = new Set(fetched.flatMap((p) => /\/pagefind\/(s\d{4})\//.exec(p)?.[1] ?? []));
    expect([...shardsFetched].sort()).toEqual(['s0003', 's0004']);

    // Each tier the reader asks for doubles what is searched: 16 → 32 (s0002, s0001) → all 40 (s0000).
    // The status is waited for, not the results list: the page writes the status before it renders the results.
    const older = page.locator('#search-more');
    expect(await older.innerText()).toBe('Search older articles');
    await older.click();
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe(`No articles found in the newest ${4 * SHARD} of ${ARTICLES} articles.`);
    expect(fetched.some((p) => p.startsWith('/pagefind/s0000/'))).toBe(false);
    expect(await older.innerText()).toBe('Search older articles');
    await older.click();
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('1 article found.');
    const hit = page.locator(`#search-results h2 a[href="/${oldest.id}/"]`);
    await hit.waitFor();
    expect(fetched.some((p) => p.startsWith('/pagefind/s0000/'))).toBe(true);
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });
});
