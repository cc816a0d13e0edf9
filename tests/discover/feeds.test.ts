import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeUrl } from '../../crawler/url/index.ts';
import { demoConfig, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { smallSampleWeb } from '../crawler/helpers.ts';
import { discoveryHarness, oneTopic, type Harness } from './fixtures/harness.ts';

// Each feed format on the sample web: RSS 2.0, Atom 1.0, JSON Feed 1.1.

const RSS = 'http://orbitalnotes.test/feed.xml';
const ATOM = 'http://orbitalnotes.test/atom.xml';
const JSON_FEED = 'http://dailyparallax.test/feed.json';

let web: SampleWeb;
let h: Harness;

beforeAll(async () => {
  web = await smallSampleWeb();
  h = await discoveryHarness(oneTopic(demoConfig(web), [RSS, ATOM, JSON_FEED]));
});
afterAll(async () => {
  await h?.close();
  await web?.close();
});

/** The normalized URLs the manifest says a feed lists. */
function listedIn(feed: string): Set<string> {
  const policy = { privateHosts: h.config.crawl.privateHosts };
  return new Set(web.manifest.urls.filter((e) => e.foundIn.includes(feed)).map((e) => (normalizeUrl(e.url, { policy }) as { url: string }).url));
}

function occurrences(sourceUrl: string): Array<{ url: string; context: string; in_quote: number }> {
  return h.db.all(
    `SELECT u.url, o.context, o.in_quote FROM link_occurrences o JOIN urls u ON u.id = o.url_id JOIN sources s ON s.id = o.source_id WHERE s.url = ? ORDER BY u.url`,
    [sourceUrl],
  );
}

describe('feed sources', () => {
  it('RSS 2.0: queues every item link, normalized (tracking parameters dropped), with the item date as a hint', async () => {
    const outcome = await h.read(RSS);
    const expected = listedIn(RSS);
    expect(outcome).toMatchObject({ status: 'read', detail: 'rss', newUrls: expected.size });
    const rows = h.urls();
    expect(new Set(rows.map((r) => r.url))).toEqual(expected);
    expect(rows.every((r) => r.state === 'discovered' && !r.url.includes('utm_'))).toBe(true);
    const article = web.manifest.articles.find((a) => a.site === 'orbitalnotes')!;
    expect(rows.find((r) => r.url === article.url)?.hint_published).toBe(article.published);
    expect(occurrences(RSS).map((o) => o.url)).toEqual([...expected].sort());
    expect(occurrences(RSS).every((o) => o.context === 'feed' && o.in_quote === 0)).toBe(true);
  });

  it('Atom 1.0: the same articles add no URLs, only where they were seen', async () => {
    const before = h.urls().length;
    const outcome = await h.read(ATOM);
    expect(outcome).toMatchObject({ status: 'read', detail: 'atom', newUrls: 0 });
    expect(outcome.items).toBe(listedIn(ATOM).size);
    expect(h.urls()).toHaveLength(before);
    expect(occurrences(ATOM).map((o) => o.url)).toEqual([...listedIn(ATOM)].sort());
  });

  it('JSON Feed 1.1: reads items from the JSON', async () => {
    const outcome = await h.read(JSON_FEED);
    const expected = listedIn(JSON_FEED);
    expect(expected.size).toBeGreaterThan(0);
    expect(outcome).toMatchObject({ status: 'read', detail: 'json', items: expected.size });
    const known = new Set<string>(h.urls().map((r) => r.url));
    for (const url of expected) expect(known.has(url), url).toBe(true);
  });

  it("keeps each feed's own title on its source (what the site calls itself: crawler/url/source-name.ts)", () => {
    expect(h.db.all('SELECT url, title FROM sources ORDER BY id')).toEqual([
      { url: RSS, title: 'Orbital Notes' },
      { url: ATOM, title: 'Orbital Notes' },
      { url: JSON_FEED, title: 'The Daily Parallax' },
    ]);
  });

  it('respects the cache lifetime, then asks conditionally and changes nothing on 304', async () => {
    const requestsBefore = web.requests.filter((r) => r.path === '/feed.xml' && r.host === 'orbitalnotes.test').length;
    expect((await h.read(RSS)).status).toBe('fresh');
    expect(web.requests.filter((r) => r.path === '/feed.xml' && r.host === 'orbitalnotes.test')).toHaveLength(requestsBefore);

    h.clock.now += 10 * 60_000; // past max-age=300
    h.db.changed = false;
    const outcome = await h.read(RSS);
    expect(outcome.status).toBe('not-modified');
    const last = web.requests.filter((r) => r.path === '/feed.xml' && r.host === 'orbitalnotes.test').at(-1)!;
    expect(last.status).toBe(304);
    expect(last.headers['if-none-match']).toBeTruthy();
    expect(h.db.changed).toBe(false);
  });

  it('re-reading a feed that answers 200 again records nothing new', async () => {
    h.db.changed = false;
    h.db.run('UPDATE sources SET etag = NULL, last_modified = NULL, expires_at = NULL WHERE url = ?', [RSS], { quiet: true });
    const outcome = await h.read(RSS);
    expect(outcome).toMatchObject({ status: 'read', newUrls: 0, requeued: 0 });
    expect(h.db.changed).toBe(false);
  });
});
