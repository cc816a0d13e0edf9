import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activeSources } from '../../crawler/store/sources.ts';
import { discoveryHarness, type Harness } from './fixtures/harness.ts';
import { miniConfig, startMiniWeb, XML, type MiniWeb } from './fixtures/mini-web.ts';

const LIST = 'http://lists.test/space.opml';

function rss(host: string, slugs: string[]): string {
  const items = slugs.map((s) => `<item><title>${s}</title><link>http://${host}/${s}</link><pubDate>Wed, 01 Apr 2026 07:00:00 GMT</pubDate></item>`).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${host}</title><link>http://${host}/</link>${items}</channel></rss>`;
}

function opml(urls: string[]): string {
  return `<?xml version="1.0"?>\n<opml version="2.0"><head><title>Space reading</title></head><body>\n<outline text="Space">\n${urls
    .map((u, i) => `<outline type="rss" text="Feed ${i}" xmlUrl="${u}"/>`)
    .join('\n')}\n</outline></body></opml>\n`;
}

describe('opml source', () => {
  let web: MiniWeb;
  let h: Harness;
  beforeAll(async () => {
    web = await startMiniWeb(['lists.test', 'alpha.test', 'beta.test']);
    web.set('http://alpha.test/feed.xml', { type: XML, body: rss('alpha.test', ['a1', 'a2']) });
    web.set('http://beta.test/rss', { type: 'application/rss+xml', body: rss('beta.test', ['b1']) });
  });
  afterEach(async () => {
    await h?.close();
    web.requests.length = 0;
  });
  afterAll(async () => {
    await web?.close();
  });

  it('adds every feed of the list as a feed source of the topic and reads them in the same run', async () => {
    web.set(LIST, { type: 'text/x-opml', body: opml(['http://alpha.test/feed.xml', 'http://beta.test/rss', 'gopher://old.test/feed']) });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'opml', url: LIST }]));
    const list = h.source(LIST);
    const outcome = await h.read(LIST);
    expect(outcome).toMatchObject({
      status: 'read',
      items: 2,
      detail: '2 feed(s) listed, 2 added; 1 skipped: line 6: feed "Feed 2" has xmlUrl "gopher://old.test/feed": a gopher: URL, and only http(s) feeds can be read',
    });
    expect(outcome.feeds!.map((f) => [f.source.url, f.source.kind, f.source.origin, f.source.discovered_from, f.status, f.newUrls])).toEqual([
      ['http://alpha.test/feed.xml', 'feed', 'autodiscovery', list.id, 'read', 2],
      ['http://beta.test/rss', 'feed', 'autodiscovery', list.id, 'read', 1],
    ]);
    expect(h.urls().map((u) => u.url).sort()).toEqual(['http://alpha.test/a1', 'http://alpha.test/a2', 'http://beta.test/b1']);

    // Unchanged list: a conditional request and a 304; the feeds are sources of their own now.
    h.clock.now += 3600_000;
    expect((await h.read(LIST)).status).toBe('not-modified');
    expect(web.hits(LIST).map((r) => r.status)).toEqual([200, 304]);

    // A feed added to the list is added and read at the next read; known ones are not read by the list.
    web.set('http://alpha.test/more.xml', { type: XML, body: rss('alpha.test', ['a3']) });
    web.set(LIST, { type: 'text/x-opml', body: opml(['http://alpha.test/feed.xml', 'http://beta.test/rss', 'http://alpha.test/more.xml']) });
    const again = await h.read(LIST);
    expect(again.feeds!.map((f) => f.source.url)).toEqual(['http://alpha.test/more.xml']);
    expect(web.hits('http://alpha.test/feed.xml')).toHaveLength(1);
    expect(activeSources(h.db).map((s) => `${s.kind} ${s.url}`).sort()).toEqual([
      'feed http://alpha.test/feed.xml',
      'feed http://alpha.test/more.xml',
      'feed http://beta.test/rss',
      `opml ${LIST}`,
    ]);
  });

  it('reads at most crawl.maxFeedsPerOpml feeds of a list, in list order, and says so', async () => {
    web.set(LIST, { type: 'text/x-opml', body: opml(['http://alpha.test/feed.xml', 'http://beta.test/rss']) });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'opml', url: LIST }], { crawl: { maxFeedsPerOpml: 1 } }));
    const outcome = await h.read(LIST);
    expect(outcome.detail).toBe('2 feed(s) listed, 1 added; warning: the list has 2 feeds, only the first 1 are read (crawl.maxFeedsPerOpml)');
    expect(outcome.feeds!.map((f) => f.source.url)).toEqual(['http://alpha.test/feed.xml']);
  });

  it('fails the source with E_OPML_PARSE when the list is broken or not OPML, and the rest of the run goes on', async () => {
    web.set(LIST, { type: 'text/x-opml', body: opml(['http://alpha.test/feed.xml']).split('\n').slice(0, 4).join('\n') });
    web.set('http://lists.test/page', { body: '<!doctype html><html><body>Not here</body></html>' });
    h = await discoveryHarness(miniConfig(web, [{ kind: 'opml', url: LIST }, { kind: 'opml', url: 'http://lists.test/page' }, 'http://beta.test/rss']));
    const broken = await h.read(LIST);
    expect(broken).toMatchObject({ status: 'failed', detail: 'E_OPML_PARSE: line 3: <outline> is never closed (the file is cut short, or not well-formed XML); line 2: <body> is never closed (the file is cut short, or not well-formed XML); line 2: <opml> is never closed (the file is cut short, or not well-formed XML)' });
    expect(h.source(LIST)).toMatchObject({ last_status: 'failed', consecutive_failures: 1 });
    expect((await h.read('http://lists.test/page')).detail).toBe('E_OPML_PARSE: line 1: not an OPML file: the root element is <html>, not <opml>');
    expect(await h.read('http://beta.test/rss')).toMatchObject({ status: 'read', newUrls: 1 });
    expect(activeSources(h.db)).toHaveLength(3);
  });
});
