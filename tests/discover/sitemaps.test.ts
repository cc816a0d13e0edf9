import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoConfig, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { smallSampleWeb } from '../crawler/helpers.ts';
import { discoveryHarness, oneTopic, type Harness } from './fixtures/harness.ts';
import { miniConfig, sitemapIndex, startMiniWeb, urlset, XML, type MiniWeb } from './fixtures/mini-web.ts';

describe('sitemap source on the sample web', () => {
  let web: SampleWeb;
  let h: Harness;
  beforeAll(async () => {
    web = await smallSampleWeb();
    h = await discoveryHarness(oneTopic(demoConfig(web), [{ kind: 'sitemap', url: 'http://orbitalnotes.test/sitemap.xml' }]));
  });
  afterAll(async () => {
    await h?.close();
    await web?.close();
  });

  it('follows the index to the posts sitemap and queues every listed post, lastmod as the hint', async () => {
    const outcome = await h.read('http://orbitalnotes.test/sitemap.xml');
    const listed = web.manifest.urls.filter((e) => e.foundIn.includes('http://orbitalnotes.test/sitemap-posts.xml'));
    expect(listed.length).toBeGreaterThan(0);
    expect(outcome).toMatchObject({ status: 'read', newUrls: listed.length, items: listed.length });
    expect(outcome.detail).toMatch(/^2 sitemap/);
    const rows = h.urls();
    expect(rows.map((r) => r.url).sort()).toEqual(listed.map((e) => e.url).sort());
    const newest = web.manifest.articles.filter((a) => a.site === 'orbitalnotes').map((a) => a.published).sort().at(-1)!;
    expect(JSON.parse(h.source('http://orbitalnotes.test/sitemap.xml').cursor!)).toEqual({ highWater: newest });
    expect(web.requests.some((r) => r.host === 'orbitalnotes.test' && r.path === '/sitemap-posts.xml')).toBe(true);
  });
});

describe('sitemap source rules', () => {
  let web: MiniWeb;
  let h: Harness;
  beforeAll(async () => {
    web = await startMiniWeb(['maps.test']);
  });
  afterEach(async () => {
    await h?.close();
    web.requests.length = 0;
  });
  afterAll(async () => {
    await web?.close();
  });

  const queued = () => h.urls().map((r) => r.url.replace('http://maps.test', '')).sort();

  it('on later reads queues only URLs newer than the high-water mark (the newest lastmod of the last read)', async () => {
    const MAP = 'http://maps.test/hw/sitemap.xml';
    web.set(MAP, { type: XML, body: urlset([['http://maps.test/a', '2026-03-01'], ['http://maps.test/b', '2026-03-05']]) });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'sitemap', url: MAP }]));
    expect((await h.read(MAP)).newUrls).toBe(2);
    expect(JSON.parse(h.source(MAP).cursor!)).toEqual({ highWater: '2026-03-05T00:00:00.000Z' });

    // The site adds c (newer), lists an old page d it never listed before, and updates a.
    web.set(MAP, {
      type: XML,
      body: urlset([['http://maps.test/a', '2026-03-09'], ['http://maps.test/b', '2026-03-05'], ['http://maps.test/c', '2026-03-08'], ['http://maps.test/d', '2026-02-01'], ['http://maps.test/e']]),
    });
    const second = await h.read(MAP, { refresh: true });
    expect(second).toMatchObject({ status: 'read', newUrls: 2, items: 5 });
    expect(queued()).toEqual(['/a', '/b', '/c', '/e']);
    expect(JSON.parse(h.source(MAP).cursor!)).toEqual({ highWater: '2026-03-09T00:00:00.000Z' });

    // Unchanged: a conditional request, 304, nothing read.
    expect((await h.read(MAP, { refresh: true })).status).toBe('not-modified');
  });

  it('skips child sitemaps last modified before the mark', async () => {
    const INDEX = 'http://maps.test/skip/index.xml';
    web.set(INDEX, { type: XML, body: sitemapIndex([['http://maps.test/skip/old.xml', '2026-01-01'], ['http://maps.test/skip/new.xml', '2026-03-01']]) });
    web.set('http://maps.test/skip/old.xml', { type: XML, body: urlset([['http://maps.test/old-1', '2026-01-01']]) });
    web.set('http://maps.test/skip/new.xml', { type: XML, body: urlset([['http://maps.test/new-1', '2026-03-01']]) });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'sitemap', url: INDEX }]));
    await h.read(INDEX);
    expect(queued()).toEqual(['/new-1', '/old-1']);

    web.set(INDEX, { type: XML, body: sitemapIndex([['http://maps.test/skip/old.xml', '2026-01-01'], ['http://maps.test/skip/new.xml', '2026-03-04']]) });
    web.set('http://maps.test/skip/new.xml', { type: XML, body: urlset([['http://maps.test/new-1', '2026-03-01'], ['http://maps.test/new-2', '2026-03-04']]) });
    web.requests.length = 0;
    expect((await h.read(INDEX, { refresh: true })).newUrls).toBe(1);
    expect(web.hits('http://maps.test/skip/old.xml')).toHaveLength(0);
    expect(web.hits('http://maps.test/skip/new.xml')).toHaveLength(1);
  });

  it('stops at the depth limit and never follows a cycle', async () => {
    const ROOT = 'http://maps.test/deep/0.xml';
    // 0 → 1 → 2 → 3 (a urlset) and 1 → 0 (a cycle); with maxSitemapDepth 1, index 1 may not open 2.
    web.set(ROOT, { type: XML, body: sitemapIndex([['http://maps.test/deep/1.xml'], ['http://maps.test/deep/0.xml'], ['http://maps.test/deep/leaf.xml']]) });
    web.set('http://maps.test/deep/1.xml', { type: XML, body: sitemapIndex([['http://maps.test/deep/2.xml'], ['http://maps.test/deep/0.xml']]) });
    web.set('http://maps.test/deep/2.xml', { type: XML, body: urlset([['http://maps.test/too-deep', '2026-03-01']]) });
    web.set('http://maps.test/deep/leaf.xml', { type: XML, body: urlset([['http://maps.test/shallow', '2026-03-01']]) });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'sitemap', url: ROOT }], { crawl: { maxSitemapDepth: 1 } }));
    const outcome = await h.read(ROOT);
    expect(queued()).toEqual(['/shallow']);
    expect(outcome.detail).toContain('maxSitemapDepth');
    expect(web.hits(ROOT)).toHaveLength(1);
    expect(web.hits('http://maps.test/deep/2.xml')).toHaveLength(0);
    // An incomplete walk does not move the mark, so what it missed is not skipped later.
    expect(h.source(ROOT).cursor).toBeNull();
  });

  it('adds at most maxUrlsPerSitemap new URLs a run, newest first, and takes the rest on later runs', async () => {
    const MAP = 'http://maps.test/cap/sitemap.xml';
    web.set(MAP, { type: XML, body: urlset([1, 2, 3, 4, 5].map((d) => [`http://maps.test/p${d}`, `2026-03-0${d}`])) });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'sitemap', url: MAP }], { crawl: { maxUrlsPerSitemap: 2 } }));
    expect((await h.read(MAP)).newUrls).toBe(2);
    expect(queued()).toEqual(['/p4', '/p5']);
    expect(h.source(MAP).cursor).toBeNull();
    // The document did not change, but the read was incomplete: no 304 and no cache lifetime stop the next one.
    expect(h.source(MAP).etag).toBeNull();
    expect((await h.read(MAP)).newUrls).toBe(2);
    expect((await h.read(MAP)).newUrls).toBe(1);
    expect(h.source(MAP).etag).not.toBeNull();
    expect(web.hits(MAP).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(queued()).toEqual(['/p1', '/p2', '/p3', '/p4', '/p5']);
    expect(JSON.parse(h.source(MAP).cursor!)).toEqual({ highWater: '2026-03-05T00:00:00.000Z' });
  });

  it('reads a gzipped sitemap (sitemap.xml.gz served as application/gzip)', async () => {
    const MAP = 'http://maps.test/gz/sitemap.xml.gz';
    web.set(MAP, { type: 'application/gzip', body: gzipSync(urlset([['http://maps.test/zipped', '2026-03-01']])) });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'sitemap', url: MAP }]));
    expect(await h.read(MAP)).toMatchObject({ status: 'read', newUrls: 1 });
    expect(queued()).toEqual(['/zipped']);
  });

  it('fails the source when its document is not a sitemap', async () => {
    const MAP = 'http://maps.test/bad/sitemap.xml';
    web.set(MAP, { type: 'text/html', body: '<html><body>Moved</body></html>' });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'sitemap', url: MAP }]));
    const outcome = await h.read(MAP);
    expect(outcome).toMatchObject({ status: 'failed' });
    expect(outcome.detail).toMatch(/E_SITEMAP_PARSE/);
    expect(h.source(MAP)).toMatchObject({ consecutive_failures: 1, last_status: 'failed' });
  });
});
