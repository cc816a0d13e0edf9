import { parseHTML } from 'linkedom';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { loadArticles } from '../../scripts/dev/demo/load-articles.ts';
import { search as searchArticles } from '../../scripts/dev/demo/search.ts';
import { FIXTURE_ARTICLES, get } from './http.ts';

let web: SampleWeb;
const FEED = 'http://forum.test/posts.rss';

beforeAll(async () => {
  web = await startSampleWeb({ articlesDir: FIXTURE_ARTICLES });
});
afterAll(async () => {
  await web?.close();
});

/** Each <item>…</item> of a feed, by guid. */
function itemsByGuid(xml: string): Map<string, string> {
  return new Map([...xml.matchAll(/<item>[\s\S]*?<\/item>/g)].map((m) => [/<guid[^>]*>([^<]+)<\/guid>/.exec(m[0])![1], m[0]]));
}

/** Links in a post's cooked HTML, with whether each sits inside a quote (blockquote, aside.quote or BBCode [quote]). */
function linksOf(html: string): Array<{ url: string; quoted: boolean }> {
  const bbcode = html.replace(/\[quote[^\]]*\]([\s\S]*?)\[\/quote\]/g, '<blockquote class="bbcode">$1</blockquote>');
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${bbcode}</body></html>`);
  return [...document.querySelectorAll('a[href]')].map((a) => ({ url: a.getAttribute('href')!, quoted: a.closest('blockquote, aside.quote') !== null }));
}

describe('forum.test posts.rss', () => {
  it('is a Discourse-style RSS of ten posts with guid, link, author, date and HTML description', async () => {
    const answer = await get(web.port, FEED);
    expect(answer.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(answer.headers['cache-control']).toBe('max-age=300');
    const feed = await new Parser().parseString(answer.text);
    expect(feed.items).toHaveLength(10);
    for (const item of feed.items) {
      expect(item.guid).toMatch(/^forum\.test-post-\d+$/);
      expect(item.link).toMatch(/^http:\/\/forum\.test\/t\/[a-z0-9-]+\/\d+\/\d+$/);
      expect(item.creator).toBeTruthy();
      expect(Date.parse(item.isoDate!)).not.toBeNaN();
      expect((await get(web.port, item.link!)).status).toBe(200);
    }
    expect(web.manifest.forum.posts.map((p) => p.guid).sort()).toEqual(feed.items.map((i) => i.guid).sort());
  });

  it('cites articles in plain paragraphs, blockquotes, aside.quote and BBCode quotes, as the manifest says', async () => {
    const xml = (await get(web.port, FEED)).text;
    expect(xml).toContain('<blockquote>');
    expect(xml).toContain('<aside class="quote');
    expect(xml).toMatch(/\[quote[^\]]*\][\s\S]*?\[\/quote\]/);
    const feed = await new Parser().parseString(xml);
    const known = new Set(web.manifest.urls.map((e) => e.url));
    for (const item of feed.items) {
      const post = web.manifest.forum.posts.find((p) => p.guid === item.guid)!;
      const links = linksOf(item.content!);
      expect(links, item.guid).toEqual(post.links);
      for (const link of links) expect(known.has(link.url), link.url).toBe(true);
    }
    const all = web.manifest.forum.posts.flatMap((p) => p.links);
    const { quotedOnly, quotedAndUnquoted } = web.manifest.forum;
    expect(quotedOnly.length).toBeGreaterThanOrEqual(1);
    expect(quotedAndUnquoted.length).toBeGreaterThanOrEqual(1);
    for (const url of quotedOnly) expect(all.filter((l) => l.url === url).every((l) => l.quoted)).toBe(true);
    for (const url of quotedAndUnquoted) expect(new Set(all.filter((l) => l.url === url).map((l) => l.quoted))).toEqual(new Set([true, false]));
    // the www.orbitalnotes.test duplicate is cited here
    expect(all.some((l) => l.url.startsWith('http://www.orbitalnotes.test/'))).toBe(true);
  });

  it('changes exactly one post under version 2, adding a link, and keeps the others byte-identical', async () => {
    const v1 = await get(web.port, FEED);
    web.setForumVersion(2);
    try {
      const v2 = await get(web.port, FEED);
      expect(v2.headers.etag).not.toBe(v1.headers.etag);
      expect(Date.parse(v2.headers['last-modified']!)).toBeGreaterThan(Date.parse(v1.headers['last-modified']!));
      expect((await get(web.port, FEED, { 'if-none-match': v1.headers.etag! })).status).toBe(200);
      expect((await get(web.port, FEED, { 'if-none-match': v2.headers.etag! })).status).toBe(304);
      const before = itemsByGuid(v1.text);
      const after = itemsByGuid(v2.text);
      expect([...after.keys()]).toEqual([...before.keys()]);
      const changed = [...after.keys()].filter((guid) => after.get(guid) !== before.get(guid));
      const { guid, addedLink } = web.manifest.forum.version2;
      expect(changed).toEqual([guid]);
      expect(before.get(guid)).not.toContain(addedLink);
      expect(after.get(guid)).toContain(`href="${addedLink}"`);
      expect(web.manifest.forum.posts.flatMap((p) => p.links.map((l) => l.url))).not.toContain(addedLink);
    } finally {
      web.setForumVersion(1);
    }
    expect((await get(web.port, FEED)).text).toBe(v1.text);
    expect(() => web.setForumVersion(0)).toThrow(RangeError);
  });
});

describe('search.test', () => {
  const search = (q: string, format: string | null = 'json') =>
    get(web.port, `http://search.test/search?q=${encodeURIComponent(q)}${format === null ? '' : `&format=${format}`}`);

  it('returns SearXNG-style JSON for articles whose title or body contains all the words', async () => {
    const answer = await search('Comet TAILS');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const json = JSON.parse(answer.text);
    expect(json.query).toBe('Comet TAILS');
    expect(json.number_of_results).toBe(json.results.length);
    expect(json.results[0]).toMatchObject({
      url: 'http://orbitalnotes.test/2026/03/how-comets-get-their-tails/',
      title: 'How Comets Get Their Two Tails',
      content: expect.any(String),
      engine: 'sampleweb',
      score: expect.any(Number),
    });
    const articleUrls = new Set(web.manifest.articles.map((a) => a.url));
    for (const r of json.results) expect(articleUrls.has(r.url)).toBe(true);
  });

  it('matches bodies, and returns nothing for unknown words', async () => {
    const the = JSON.parse((await search('the')).text);
    expect(the.results).toHaveLength(7);
    const stars = JSON.parse((await search('binoculars')).text);
    expect(stars.results.map((r: { url: string }) => r.url)).toEqual(['http://dailyparallax.test/section/space/a-guide-to-the-winter-sky']);
    expect(JSON.parse((await search('zyzzyva quux')).text)).toMatchObject({ number_of_results: 0, results: [] });
  });

  it('returns at most ten results, and counts them all', () => {
    const { articles } = loadArticles(FIXTURE_ARTICLES);
    const twice = [...articles, ...articles.map((a) => ({ ...a, url: `${a.url}?copy` }))];
    const answer = searchArticles(twice, 'the');
    expect(answer.number_of_results).toBe(14);
    expect(answer.results).toHaveLength(10);
  });

  it('answers 400 unless format=json, and logs every query', async () => {
    const before = web.searches.length;
    expect((await search('mars', null)).status).toBe(400);
    expect((await search('mars', 'html')).status).toBe(400);
    expect((await search('radar')).status).toBe(200);
    expect(web.searches.slice(before).map((s) => [s.q, s.format, s.status])).toEqual([
      ['mars', null, 400],
      ['mars', 'html', 400],
      ['radar', 'json', 200],
    ]);
    expect(web.manifest.search).toBe('http://search.test/search');
  });
});

describe('request log', () => {
  it('records every request in order with host, method, path, headers, status and time', async () => {
    const before = web.requests.length;
    await get(web.port, 'http://bytesmith.test/robots.txt', { 'user-agent': 'GleanerBot/0.1' });
    await get(web.port, 'http://bytesmith.test/nothing-here');
    const [first, second] = web.requests.slice(before);
    expect(first).toMatchObject({ host: 'bytesmith.test', method: 'GET', path: '/robots.txt', status: 200 });
    expect(first.headers['user-agent']).toBe('GleanerBot/0.1');
    expect(second).toMatchObject({ path: '/nothing-here', status: 404 });
    expect(second.at).toBeGreaterThanOrEqual(first.at);
  });
});
