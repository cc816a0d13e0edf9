import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listSegments } from '../../crawler/store/segments.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserConfig } from '../../crawler/config/index.ts';
import { runCrawl, type CrawlEvent } from '../../crawler/pipeline/index.ts';
import type { SampleWeb } from '../../scripts/dev/demo/index.ts';
import { HOUR, clock, publishedUrls, query, removeTempRoots, smallSampleWeb, snapshot, tempRoot, testConfig } from './helpers.ts';

// Whole runs on the sample web with every source kind.

let web: SampleWeb;
beforeAll(async () => {
  web = await smallSampleWeb();
});
afterAll(async () => {
  await web?.close();
  removeTempRoots();
});

/** Every source kind at once: a feed, a sitemap index, a site home page, the forum and keyword search. */
const everyKind = (u: UserConfig): UserConfig => ({
  ...u,
  topics: [
    {
      slug: 'space',
      name: 'Space',
      keywords: ['comet', 'radar', 'planet'],
      sources: ['http://orbitalnotes.test/atom.xml', { kind: 'search' }, { kind: 'discourse', url: 'http://forum.test/posts.rss' }],
    },
    { slug: 'climate', name: 'Climate', keywords: ['grid'], sources: [{ kind: 'sitemap', url: 'http://greenledger.test/sitemap.xml' }, { kind: 'search' }] },
    { slug: 'software', name: 'Software', keywords: ['migration'], sources: [{ kind: 'site', url: 'http://bytesmith.test/' }, { kind: 'site', url: 'http://dailyparallax.test/section/software/' }] },
  ],
  search: { searxngUrl: 'http://search.test', keywordsPerRun: 1 },
});

describe('crawl runs on the sample web', () => {
  it('reads every source kind, publishes, and a later run with nothing new leaves every file byte-identical', async () => {
    const paths = tempRoot();
    const c = clock();
    const config = testConfig(web, everyKind);
    const events: CrawlEvent[] = [];
    const first = await runCrawl(config, paths, { now: c.fn, reporter: (e) => events.push(e) });
    expect(first.sources).toMatchObject({ failed: 0, added: 2 });
    expect(first.sources.read).toBe(9); // 7 configured + 2 feeds found by the two site sources
    expect(first.published).toBeGreaterThanOrEqual(6);
    expect(first.saved).toBe(true);
    const kinds = new Set(events.flatMap((e) => (e.type === 'source' ? [e.outcome.source.kind] : [])));
    expect([...kinds].sort()).toEqual(['discourse', 'feed', 'search', 'site', 'sitemap']);
    const contexts = await query<{ context: string }>(paths, 'SELECT DISTINCT context FROM link_occurrences ORDER BY context');
    expect(contexts.map((r) => r.context)).toEqual(['feed', 'post', 'search', 'sitemap']);

    const before = snapshot(paths.root);
    c.advance(HOUR); // past every cache lifetime: sources are asked again
    const second = await runCrawl(config, paths, { now: c.fn });
    expect(second.sources.read + second.sources.notModified).toBe(9);
    expect(second).toMatchObject({ discovered: 0, fetched: 0, articles: 0, published: 0, saved: false });
    expect(snapshot(paths.root)).toEqual(before);
  });

  it('--dry-run discovers and reports but writes nothing, on a new root and on an existing one', async () => {
    const fresh = tempRoot();
    const mark = web.requests.length;
    const notes: string[] = [];
    const summary = await runCrawl(testConfig(web), fresh, { dryRun: true, now: clock().fn, reporter: (e) => e.type === 'note' && notes.push(e.message) });
    expect(notes).toHaveLength(summary.pending);
    expect(notes.every((n) => n.startsWith('would fetch http://'))).toBe(true);
    expect(summary).toMatchObject({ dryRun: true, saved: false, fetched: 0, published: 0 });
    expect(summary.discovered).toBeGreaterThan(0);
    expect(summary.pending).toBe(summary.discovered);
    expect(readdirSync(fresh.root)).toEqual([]);
    // Only sources (and robots.txt) were asked for: no article page.
    expect(web.requests.slice(mark).every((r) => /\.(xml|json|txt)$/.test(r.path))).toBe(true);

    const existing = tempRoot();
    const c = clock();
    await runCrawl(testConfig(web), existing, { now: c.fn });
    const before = snapshot(existing.root);
    c.advance(HOUR);
    web.setForumVersion(2);
    try {
      const dry = await runCrawl(testConfig(web, everyKind), existing, { dryRun: true, now: c.fn });
      expect(dry.discovered).toBeGreaterThan(0);
    } finally {
      web.setForumVersion(1);
    }
    expect(snapshot(existing.root)).toEqual(before);
  });

  it('processing pages in worker threads publishes exactly what the main thread does', async () => {
    const inline = tempRoot();
    await runCrawl(testConfig(web, (u) => ({ ...u, crawl: { ...u.crawl, processWorkers: 0 } })), inline, { now: clock().fn });
    const pooled = tempRoot();
    await runCrawl(testConfig(web, (u) => ({ ...u, crawl: { ...u.crawl, processWorkers: 2 } })), pooled, { now: clock().fn });
    const articles = (paths: typeof inline) => query<{ source_url: string; title: string; content_hash: string; word_count: number }>(paths, 'SELECT source_url, title, content_hash, word_count FROM articles ORDER BY source_url');
    expect(await articles(pooled)).toEqual(await articles(inline));
    expect((await articles(inline)).length).toBeGreaterThan(3);
  });

  it('--topic crawls and publishes only the chosen topics', async () => {
    const paths = tempRoot();
    const mark = web.requests.length;
    const summary = await runCrawl(testConfig(web), paths, { topics: ['climate'], now: clock().fn });
    expect(Object.keys(summary.publishedByTopic)).toEqual(['climate']);
    const topics = await query<{ slug: string }>(paths, `SELECT DISTINCT t.slug FROM articles a JOIN topics t ON t.id = a.topic_id`);
    expect(topics.map((t) => t.slug)).toEqual(['climate']);
    expect(existsSync(`${paths.content}/space`)).toBe(false);
    expect(web.requests.slice(mark).some((r) => r.host === 'orbitalnotes.test')).toBe(false);
    expect(await publishedUrls(paths)).not.toEqual([]);
  });

  it('refuses an unknown topic before touching anything', async () => {
    const paths = tempRoot();
    await expect(runCrawl(testConfig(web), paths, { topics: ['astrology'] })).rejects.toMatchObject({ code: 'E_TOPIC' });
    expect(listSegments(paths.segments)).toEqual([]);
  });

  it('records the run in the runs table with its figures', async () => {
    const paths = tempRoot();
    const summary = await runCrawl(testConfig(web), paths, { now: clock().fn });
    const [run] = await query<{ status: string; stats: string }>(paths, 'SELECT status, stats FROM runs');
    expect(run!.status).toBe('complete');
    expect(JSON.parse(run!.stats)).toMatchObject({ discovered: summary.discovered, fetched: summary.fetched, published: summary.published });
    const segments = listSegments(paths.segments);
    expect(segments).toHaveLength(1);
    expect(readFileSync(join(paths.segments, segments[0]!.name)).subarray(0, 15).toString()).toBe('SQLite format 3');
  });
});
