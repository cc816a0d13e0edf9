import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { articleHtml, prose, rssFeed, type FeedEntry } from '../../scripts/dev/bench/lib/crawl-pages.ts';
import { miniConfig, startMiniWeb, type MiniWeb } from '../discover/fixtures/mini-web.ts';
import { HOUR, clock, publishedUrls, query, removeTempRoots, tempRoot } from './helpers.ts';

// URL states and source schedules across runs, on a small programmable site.

const FEED = 'http://news.test/feed.xml';
const DAY = 24 * HOUR;
let web: MiniWeb;

beforeAll(async () => {
  web = await startMiniWeb(['news.test']);
});
afterEach(() => {
  web.requests.length = 0;
});
afterAll(async () => {
  await web?.close();
  removeTempRoots();
});

function article(path: string, seed: number, words = 450) {
  const url = `http://news.test${path}`;
  const p = prose(seed, words);
  web.set(url, { body: articleHtml({ url, siteName: 'News', author: 'Ann Lee', date: new Date(Date.UTC(2026, 2, seed)), prose: p }) });
  return { url, title: p.title, date: new Date(Date.UTC(2026, 2, seed)) };
}

function feed(entries: FeedEntry[], headers: Record<string, string> = {}) {
  web.set(FEED, { type: 'application/rss+xml', body: rssFeed({ name: 'News', home: 'http://news.test/' }, entries), headers });
}

const config = (extra: Record<string, unknown> = {}) => parseConfig(miniConfig(web, [FEED], { images: { enabled: false }, ...extra }));
const hits = (path: string) => web.hits(`http://news.test${path}`).length;

interface UrlState {
  url: string;
  state: string;
  reason: string | null;
  error_code: string | null;
  attempts: number;
  next_retry_at: string | null;
}
async function state(paths: Parameters<typeof query>[0], path: string): Promise<UrlState> {
  return (await query<UrlState>(paths, 'SELECT url, state, reason, error_code, attempts, next_retry_at FROM urls WHERE url = ?', [`http://news.test${path}`]))[0]!;
}

describe('URL states across runs', () => {
  it('never retries a permanent failure, and retries a transient one when its time has come', async () => {
    const ok = article('/ok', 1);
    web.set('http://news.test/gone', { status: 404, body: 'gone' });
    web.set('http://news.test/flaky', { status: 500, body: 'oops' });
    feed([ok, { url: 'http://news.test/gone', title: 'Gone', date: new Date('2026-03-02') }, { url: 'http://news.test/flaky', title: 'Flaky', date: new Date('2026-03-03') }]);
    const paths = tempRoot();
    const c = clock();

    const first = await runCrawl(config(), paths, { now: c.fn });
    expect(first.failed).toEqual({ E_FETCH_HTTP: 2 });
    expect(await state(paths, '/gone')).toMatchObject({ state: 'failed', error_code: 'E_FETCH_HTTP', attempts: 1, next_retry_at: null });
    expect(await state(paths, '/flaky')).toMatchObject({ state: 'failed', error_code: 'E_FETCH_HTTP', attempts: 1, next_retry_at: new Date(c.now + HOUR).toISOString() });

    const flaky = article('/flaky', 3);
    feed([ok, { url: 'http://news.test/gone', title: 'Gone', date: new Date('2026-03-02') }, flaky]);
    web.requests.length = 0;
    c.advance(30 * 60_000);
    await runCrawl(config(), paths, { now: c.fn });
    expect([hits('/gone'), hits('/flaky')]).toEqual([0, 0]);

    c.advance(31 * 60_000);
    const third = await runCrawl(config(), paths, { now: c.fn });
    expect([hits('/gone'), hits('/flaky')]).toEqual([0, 1]);
    expect(third.articles).toBe(1);
    expect(await state(paths, '/flaky')).toMatchObject({ state: 'published', attempts: 2, error_code: null });
    expect(await state(paths, '/gone')).toMatchObject({ state: 'failed', attempts: 1 });

    c.advance(30 * DAY);
    await runCrawl(config(), paths, { now: c.fn });
    expect(hits('/gone')).toBe(0);
  });

  it('a Retry-After beyond what a run waits for sets the next retry', async () => {
    web.set('http://news.test/busy', { status: 429, body: 'slow down', headers: { 'retry-after': '7200' } });
    feed([{ url: 'http://news.test/busy', title: 'Busy', date: new Date('2026-03-04') }]);
    const paths = tempRoot();
    const c = clock();
    await runCrawl(config(), paths, { now: c.fn });
    expect(await state(paths, '/busy')).toMatchObject({ state: 'failed', attempts: 1, next_retry_at: new Date(c.now + 2 * HOUR).toISOString() });
    article('/busy', 8);
    c.advance(HOUR + 60_000);
    await runCrawl(config(), paths, { now: c.fn });
    expect(hits('/busy')).toBe(1);
    c.advance(HOUR);
    await runCrawl(config(), paths, { now: c.fn });
    expect(hits('/busy')).toBe(2);
    expect(await state(paths, '/busy')).toMatchObject({ state: 'published', attempts: 2 });
  });

  it('does not fetch again a page fetched within the refetch window, even when a source lists it again', async () => {
    const stub = article('/stub', 5, 60);
    const entries: FeedEntry[] = [stub];
    feed(entries);
    const paths = tempRoot();
    const c = clock();
    const cfg = config({ crawl: { refetchWindowHours: 7 * 24 } });
    await runCrawl(cfg, paths, { now: c.fn });
    expect(await state(paths, '/stub')).toMatchObject({ state: 'rejected', reason: 'too_short', attempts: 1 });

    // Two days later the feed changes (a new item) and lists the stub again: inside the window.
    entries.push(article('/next', 6));
    feed(entries);
    c.advance(2 * DAY);
    await runCrawl(cfg, paths, { now: c.fn });
    expect(hits('/stub')).toBe(1);
    expect(hits('/next')).toBe(1);

    // Eight days after the fetch, listed again: fetched again, conditionally. The page has not
    // changed, so the server answers 304 and the verdict stands without a body.
    entries.push(article('/third', 7));
    feed(entries);
    c.advance(6 * DAY);
    const later = await runCrawl(cfg, paths, { now: c.fn });
    expect(later.requeued).toBe(1);
    expect(hits('/stub')).toBe(2);
    const revalidated = web.hits('http://news.test/stub')[1]!;
    expect(revalidated.headers['if-none-match']).toMatch(/^"[0-9a-f]{16}"$/);
    expect(revalidated.status).toBe(304);
    expect(later.rejected).toMatchObject({ too_short: 1 });
    expect(await state(paths, '/stub')).toMatchObject({ state: 'rejected', reason: 'too_short', attempts: 2 });

    // The stub grows into an article; past the window again it is fetched whole and published.
    article('/stub', 5, 450);
    entries.push(article('/fourth', 8));
    feed(entries);
    c.advance(8 * DAY);
    await runCrawl(cfg, paths, { now: c.fn });
    expect(web.hits('http://news.test/stub')[2]!.status).toBe(200);
    expect((await state(paths, '/stub')).state).toBe('published');
  });

});

describe('source schedule across runs', () => {
  it('a topic with a backlog reads its sources less often; --source reads one anyway', async () => {
    const entries = [article('/b1', 11), article('/b2', 12), article('/b3', 13)];
    feed(entries);
    const paths = tempRoot();
    const c = clock();
    const cfg = config({ publish: { perTopicPerRun: 1 }, crawl: { backlogIntervalMinutes: 60 } });

    const first = await runCrawl(cfg, paths, { now: c.fn });
    expect(first).toMatchObject({ articles: 3, published: 1 });
    // Two articles left = two runs' worth: due in two intervals.
    const [source] = await query<{ next_due_at: string }>(paths, 'SELECT next_due_at FROM sources');
    expect(source!.next_due_at).toBe(new Date(c.now + 2 * HOUR).toISOString());

    web.requests.length = 0;
    c.advance(60_000);
    const second = await runCrawl(cfg, paths, { now: c.fn });
    expect(second.sources).toMatchObject({ notDue: 1, read: 0, notModified: 0 });
    expect(hits('/feed.xml')).toBe(0);
    expect(second.published).toBe(1); // the backlog still publishes

    const forced = await runCrawl(cfg, paths, { now: c.fn, sources: ['news.test'] });
    expect(forced.sources.notDue).toBe(0);
    expect(hits('/feed.xml')).toBe(1);

    c.advance(2 * HOUR);
    const third = await runCrawl(cfg, paths, { now: c.fn });
    expect(third.sources.notDue).toBe(0);
    expect(hits('/feed.xml')).toBe(2);
    expect(await publishedUrls(paths)).toHaveLength(3);
  });

  it('--refresh re-reads a source that is still fresh (conditionally)', async () => {
    feed([article('/r1', 21)], { 'cache-control': 'max-age=3600' });
    const paths = tempRoot();
    const c = clock();
    await runCrawl(config(), paths, { now: c.fn });
    expect(hits('/feed.xml')).toBe(1);

    c.advance(60_000);
    const cached = await runCrawl(config(), paths, { now: c.fn });
    expect(cached.sources).toMatchObject({ fresh: 1, read: 0 });
    expect(hits('/feed.xml')).toBe(1);

    const refreshed = await runCrawl(config(), paths, { now: c.fn, refresh: true });
    expect(refreshed.sources).toMatchObject({ fresh: 0, notModified: 1 });
    expect(web.hits(FEED).map((r) => [r.status, Boolean(r.headers['if-none-match'])])).toEqual([
      [200, false],
      [304, true],
    ]);
  });
});
