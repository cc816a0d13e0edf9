import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Parser from 'rss-parser';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { runCrawl, type RunSummary } from '../../crawler/pipeline/index.ts';
import { openState } from '../../crawler/store/state.ts';
import { normalizeUrl } from '../../crawler/url/index.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { demoConfig } from '../../scripts/dev/demo/config.ts';
import { buildSite } from '../../scripts/build.ts';
import { snapshot } from '../crawler/helpers.ts';

// The whole pipeline, for real: the sample web served on localhost, crawled into a temp root,
// built with Astro and Pagefind, then crawled again.

let web: SampleWeb;
let root: string;
let paths: SitePaths;
let config: Config;
let first: RunSummary;
let second: RunSummary;
let contentBefore: Map<string, string>;
let contentAfter: Map<string, string>;
type UrlState = { url: string; state: string; reason: string | null; error_code: string | null; duplicate_of: number | null };
let rows: Map<string, UrlState>;
let published: Array<{ topic: string; slug: string; title: string; source_url: string }>;

beforeAll(async () => {
  web = await startSampleWeb({ port: 0 });
  root = mkdtempSync(join(tmpdir(), 'gleaner-demo-'));
  paths = sitePaths(root);
  config = parseConfig(demoConfig(web));
  first = await runCrawl(config, paths);
  await buildSite({ root, config, quiet: true });
  contentBefore = snapshot(paths.content);

  const db = await openState(paths, { readOnly: true });
  rows = new Map(db.all<UrlState>('SELECT url, state, reason, error_code, duplicate_of FROM urls').map((r) => [r.url, r]));
  published = db.all(
    `SELECT t.slug AS topic, a.slug, a.title, a.source_url FROM articles a JOIN topics t ON t.id = a.topic_id WHERE a.status = 'published'`,
  );
  db.close();

  second = await runCrawl(config, paths);
  contentAfter = snapshot(paths.content);
}, 600_000);

afterAll(async () => {
  await web?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the demo pipeline on the sample web', () => {
  it('publishes at least 50 articles', () => {
    expect(first.published).toBeGreaterThanOrEqual(50);
    expect(published.length).toBe(first.published);
  });

  it('accounts for every sample-web URL the configured sources reach', () => {
    const sources = new Set(config.topics.flatMap((t) => t.sources.map((s) => ('url' in s ? s.url : ''))));
    const reachable = web.manifest.urls.filter((e) => (e.kind === 'article' || e.kind === 'trap') && e.foundIn.some((f) => sources.has(f)));
    expect(reachable.length).toBeGreaterThanOrEqual(60);
    const policy = { privateHosts: config.crawl.privateHosts };
    const normalized = (url: string) => {
      const result = normalizeUrl(url, { policy });
      expect(result.ok, url).toBe(true);
      return (result as { url: string }).url;
    };
    for (const entry of reachable) {
      const row = rows.get(normalized(entry.url));
      if (entry.expect === 'published') {
        expect(row?.state, entry.url).toBe('published');
        // Reached only through a redirect: the redirecting URL is published, under its final URL.
        if (entry.finalUrl) expect(published.map((p) => p.source_url), entry.url).toContain(normalized(entry.finalUrl));
      } else if (entry.expect === 'duplicate') {
        // Either it normalizes onto the kept URL (one row: the kept one, published), or its own row is rejected as a duplicate.
        if (entry.duplicateOf && row?.url === normalized(entry.duplicateOf)) {
          expect(row.state, entry.url).toBe('published');
        } else {
          expect(row?.state, entry.url).toBe('rejected');
          expect(row?.reason, entry.url).toMatch(/^(duplicate_url|duplicate_content|near_duplicate)$/);
        }
      } else if (entry.expect === 'rejected') {
        expect(row?.state, entry.url).toBe('rejected');
        expect(row?.reason, entry.url).toBe(entry.reason);
      } else if (entry.expect === 'failed') {
        expect(row?.state, entry.url).toBe('failed');
        expect(row?.error_code, entry.url).toBe(entry.reason);
      }
    }
  });

  it('leaves no URL without a final state', () => {
    const open = [...rows.values()].filter((r) => r.state === 'discovered' || r.state === 'fetched');
    expect(open).toEqual([]);
  });

  it('publishes the duplicate URLs and the syndicated copy once', () => {
    const titles = published.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
    const syndicated = web.manifest.urls.find((e) => e.trap === 'syndicated');
    expect(syndicated).toBeDefined();
    expect(published.some((p) => p.source_url.includes(new URL(syndicated!.url).pathname))).toBe(false);
  });

  it('rejects the short page and the login wall', () => {
    for (const trap of ['too-short', 'login-wall'] as const) {
      const entry = web.manifest.urls.find((e) => e.trap === trap);
      expect(entry, trap).toBeDefined();
      const row = rows.get((normalizeUrl(entry!.url, { policy: { privateHosts: config.crawl.privateHosts } }) as { url: string }).url);
      expect(row?.state, trap).toBe('rejected');
    }
  });

  it('builds one page per published article, with its title', () => {
    for (const article of published) {
      const file = join(paths.dist, article.topic, article.slug, 'index.html');
      expect(existsSync(file), file).toBe(true);
      const html = readFileSync(file, 'utf8');
      const escaped = article.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      expect(html.includes(escaped) || html.includes(article.title), article.title).toBe(true);
    }
  });

  it('builds topic pages, a sitemap and the Pagefind index', () => {
    for (const topic of config.topics) expect(existsSync(join(paths.dist, topic.slug, 'index.html')), topic.slug).toBe(true);
    expect(existsSync(join(paths.dist, 'sitemap-index.xml'))).toBe(true);
    expect(existsSync(join(paths.dist, 'pagefind'))).toBe(true);
    expect(readdirSync(join(paths.dist, 'pagefind', 's0000')).some((f) => f.startsWith('pagefind'))).toBe(true);
    expect(existsSync(join(paths.dist, 'pagefind', 'shards.json'))).toBe(true);
  });

  it('writes an RSS feed that parses and lists the newest articles', async () => {
    const feed = await new Parser().parseString(readFileSync(join(paths.dist, 'rss.xml'), 'utf8'));
    expect(feed.items.length).toBeGreaterThan(0);
    const titles = new Set(published.map((p) => p.title));
    for (const item of feed.items) expect(titles.has(item.title ?? ''), item.title).toBe(true);
  });

  it('publishes nothing new on a second run and leaves content byte-identical', () => {
    expect(second.published).toBe(0);
    expect(second.articles).toBe(0);
    expect(second.saved).toBe(false);
    expect(contentAfter.size).toBe(contentBefore.size);
    for (const [file, text] of contentBefore) expect(contentAfter.get(file), file).toBe(text);
  });
});
