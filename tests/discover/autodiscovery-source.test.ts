import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { activeSources, syncSources, type SourceRow } from '../../crawler/store/sources.ts';
import { syncTopics } from '../../crawler/store/topics.ts';
import { demoConfig, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { smallSampleWeb } from '../crawler/helpers.ts';
import { discoveryHarness, oneTopic, type Harness } from './fixtures/harness.ts';

const HOME = 'http://orbitalnotes.test/';

let web: SampleWeb;
let h: Harness;
beforeAll(async () => {
  web = await smallSampleWeb();
});
afterEach(async () => {
  await h?.close();
});
afterAll(async () => {
  await web?.close();
});

const feedRequests = () => web.requests.filter((r) => r.host === 'orbitalnotes.test' && r.path === '/feed.xml');

describe('site source: feed autodiscovery', () => {
  it("adds the home page's first advertised feed as a source and reads it in the same run", async () => {
    h = await discoveryHarness(oneTopic(demoConfig(web), [{ kind: 'site', url: HOME }]));
    const site = h.source(HOME);
    const outcome = await h.read(HOME);
    expect(outcome).toMatchObject({ status: 'read', items: 2, detail: '2 feed(s) advertised, 1 added' });
    expect(outcome.feeds).toHaveLength(1);
    const [feed] = outcome.feeds!;
    expect(feed).toMatchObject({ status: 'read', detail: 'rss' });
    expect(feed!.newUrls).toBeGreaterThan(0);
    expect(feed!.source).toMatchObject({ kind: 'feed', url: 'http://orbitalnotes.test/feed.xml', origin: 'autodiscovery', discovered_from: site.id, topic_id: site.topic_id });
    expect(h.urls()).toHaveLength(feed!.newUrls);

    // Read again: the home page answers 304, no source is added, the feed is not read by the site source.
    const before = feedRequests().length;
    h.clock.now += 3600_000;
    const again = await h.read(HOME);
    expect(again.status).toBe('not-modified');
    expect(again.feeds ?? []).toEqual([]);
    expect(feedRequests()).toHaveLength(before);
    expect(activeSources(h.db).map((s) => s.url).sort()).toEqual([HOME, 'http://orbitalnotes.test/feed.xml']);
  });

  it('adds up to crawl.feedsPerSite feeds, in page order (a section page lists its own feed first)', async () => {
    const SECTION = 'http://dailyparallax.test/section/space/';
    h = await discoveryHarness(oneTopic(demoConfig(web), [{ kind: 'site', url: SECTION }], { crawl: { feedsPerSite: 3 } }));
    const outcome = await h.read(SECTION);
    expect(outcome.feeds!.map((f) => f.source.url)).toEqual([
      'http://dailyparallax.test/section/space/feed.xml',
      'http://dailyparallax.test/feed.xml',
      'http://dailyparallax.test/atom.xml',
    ]);
    expect(outcome.feeds!.map((f) => f.detail)).toEqual(['rss', 'rss', 'atom']);
  });

  it('feeds it found leave with the site source when it is removed from the config, and come back with it', async () => {
    const withSite = oneTopic(demoConfig(web), [{ kind: 'site', url: HOME }]);
    h = await discoveryHarness(withSite);
    await h.read(HOME);
    const active = (): string[] => activeSources(h.db).map((s: SourceRow) => s.url).sort();
    expect(active()).toEqual([HOME, 'http://orbitalnotes.test/feed.xml']);

    const without = parseConfig(oneTopic(demoConfig(web), ['http://greenledger.test/feed.xml']));
    syncSources(h.db, without, syncTopics(h.db, without));
    expect(active()).toEqual(['http://greenledger.test/feed.xml']);

    const back = parseConfig(withSite);
    syncSources(h.db, back, syncTopics(h.db, back));
    expect(active()).toEqual([HOME, 'http://orbitalnotes.test/feed.xml']);
  });

  it('a found feed that the config also names stays when the site source goes', async () => {
    const both = oneTopic(demoConfig(web), [{ kind: 'site', url: HOME }]);
    h = await discoveryHarness(both);
    await h.read(HOME);
    const named = parseConfig(oneTopic(demoConfig(web), [{ kind: 'site', url: HOME }, 'http://orbitalnotes.test/feed.xml']));
    syncSources(h.db, named, syncTopics(h.db, named));
    expect(h.source('http://orbitalnotes.test/feed.xml')).toMatchObject({ origin: 'config', discovered_from: null });
    const feedOnly = parseConfig(oneTopic(demoConfig(web), ['http://orbitalnotes.test/feed.xml']));
    syncSources(h.db, feedOnly, syncTopics(h.db, feedOnly));
    expect(activeSources(h.db).map((s) => s.url)).toEqual(['http://orbitalnotes.test/feed.xml']);
  });

  it('reports a home page without feeds as read, with nothing added', async () => {
    h = await discoveryHarness(oneTopic(demoConfig(web), [{ kind: 'site', url: 'http://search.test/' }]));
    const outcome = await h.read('http://search.test/');
    expect(outcome).toMatchObject({ status: 'read', items: 0, detail: 'no feed advertised', feeds: [] });
  });
});
