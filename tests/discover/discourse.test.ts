import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markExtracted, markFetched } from '../../crawler/store/url-state.ts';
import { urlByAddress } from '../../crawler/store/urls.ts';
import { demoConfig, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { smallSampleWeb } from '../crawler/helpers.ts';
import { discoveryHarness, oneTopic, type Harness } from './fixtures/harness.ts';

// Discourse posts.rss on the sample web's forum.test: posts stored, links with their post and
// quote flag, re-extraction only for edited posts, quoted-only links queued only if never fetched.

const FORUM = 'http://forum.test/posts.rss';

let web: SampleWeb;
let h: Harness;
beforeAll(async () => {
  web = await smallSampleWeb();
});
afterEach(async () => {
  web.setForumVersion(1);
  await h?.close();
});
afterAll(async () => {
  await web?.close();
});

interface OccurrenceRow {
  url: string;
  guid: string;
  in_quote: number;
  context: string;
}
const occurrences = (): OccurrenceRow[] =>
  h.db.all<OccurrenceRow>(
    `SELECT u.url, p.guid, o.in_quote, o.context FROM link_occurrences o JOIN urls u ON u.id = o.url_id JOIN posts p ON p.id = o.post_id ORDER BY o.id`,
  );

describe('discourse source', () => {
  it('stores every post and records each link with its post and whether it sat in a quote', async () => {
    h = await discoveryHarness(oneTopic(demoConfig(web), [{ kind: 'discourse', url: 'http://forum.test' }]));
    const outcome = await h.read('http://forum.test');
    const { posts, quotedOnly, quotedAndUnquoted } = web.manifest.forum;
    expect(outcome).toMatchObject({ status: 'read', posts: { new: posts.length, changed: 0, unchanged: 0 } });
    expect(h.db.all<{ guid: string }>('SELECT guid FROM posts ORDER BY guid').map((p) => p.guid)).toEqual(posts.map((p) => p.guid).sort());

    const expected = posts.flatMap((p) => p.links.map((l) => `${p.guid} ${l.quoted ? 'quoted' : 'plain'} ${l.url}`)).sort();
    expect(occurrences().map((o) => `${o.guid} ${o.in_quote ? 'quoted' : 'plain'} ${o.url}`).sort()).toEqual(expected);
    expect(occurrences().every((o) => o.context === 'post')).toBe(true);

    // Never fetched, so links seen only in quotes are queued like the rest; the forum's own pages are not.
    expect(quotedOnly.length).toBeGreaterThan(0);
    for (const url of [...quotedOnly, ...quotedAndUnquoted]) expect(urlByAddress(h.db, url)?.state, url).toBe('discovered');
    expect(h.urls().filter((u) => u.url.startsWith('http://forum.test/'))).toEqual([]);
  });

  it('re-extracts links only from the post whose content changed', async () => {
    h = await discoveryHarness(oneTopic(demoConfig(web), [{ kind: 'discourse', url: FORUM }]));
    await h.read(FORUM);
    const { version2, posts } = web.manifest.forum;
    const updatedBefore = new Map(h.db.all<{ guid: string; updated_at: string }>('SELECT guid, updated_at FROM posts').map((p) => [p.guid, p.updated_at]));
    const countBefore = occurrences().length;

    web.setForumVersion(2);
    h.clock.now += 3600_000;
    const outcome = await h.read(FORUM);
    expect(outcome).toMatchObject({ status: 'read', posts: { new: 0, changed: 1, unchanged: posts.length - 1 } });
    const edited = posts.find((p) => p.guid === version2.guid)!;
    expect(outcome.items).toBe(edited.links.length + 1); // only the edited post's links were looked at
    const added = occurrences().slice(countBefore);
    expect(added).toEqual([{ url: version2.addedLink, guid: version2.guid, in_quote: 0, context: 'post' }]);
    for (const post of h.db.all<{ guid: string; updated_at: string }>('SELECT guid, updated_at FROM posts')) {
      if (post.guid === version2.guid) expect(post.updated_at).not.toBe(updatedBefore.get(post.guid));
      else expect(post.updated_at, post.guid).toBe(updatedBefore.get(post.guid));
    }

    // Nothing changed since: a conditional request, and not a single post looked at.
    h.clock.now += 3600_000;
    expect((await h.read(FORUM)).status).toBe('not-modified');
  });

  it('does not queue again a quoted link that was already fetched, but records the quote', async () => {
    h = await discoveryHarness(oneTopic(demoConfig(web), [{ kind: 'discourse', url: FORUM }, 'http://orbitalnotes.test/feed.xml', 'http://dailyparallax.test/feed.xml', 'http://greenledger.test/feed.xml', 'http://bytesmith.test/feed.xml']));
    // The articles came from their sites' feeds and were fetched and stored before the forum is read.
    for (const feed of ['http://orbitalnotes.test/feed.xml', 'http://dailyparallax.test/feed.xml', 'http://greenledger.test/feed.xml', 'http://bytesmith.test/feed.xml']) await h.read(feed);
    const now = new Date(h.clock.now).toISOString();
    for (const row of h.urls()) {
      markFetched(h.db, row.id, { httpStatus: 200, finalUrl: row.url, redirects: [] }, now);
      markExtracted(h.db, row.id, now);
    }
    const { quotedOnly } = web.manifest.forum;
    const before = new Map(quotedOnly.map((url) => [url, urlByAddress(h.db, url)!]));

    await h.read(FORUM);
    for (const url of quotedOnly) {
      const row = urlByAddress(h.db, url)!;
      expect(row.state, url).toBe('extracted');
      expect(row.updated_at, url).toBe(before.get(url)!.updated_at);
      expect(occurrences().filter((o) => o.url === url).map((o) => o.in_quote), url).toEqual([1]);
    }
    // The www.orbitalnotes.test link is cited plainly: a new URL, queued (dedup judges it after fetching).
    const www = web.manifest.forum.posts.flatMap((p) => p.links).find((l) => l.url.startsWith('http://www.orbitalnotes.test/'))!;
    expect(urlByAddress(h.db, www.url)?.state).toBe('discovered');
  });
});
