import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../scripts/deploy/files.ts';
import { ampProblems } from '../site/helpers/amp-check.ts';
import { readContent, type ContentFile } from '../site/helpers/content.ts';
import { existsForUrl, snapshot } from '../site/helpers/dist.ts';
import { FIRST_RUN_PER_TOPIC, demoBuild, type DemoBuild } from './helpers/demo-build.ts';
import { checkAtom, checkJsonFeed, checkRss, checkSitemap, type FeedCheck } from './helpers/feed-format.ts';

// The demo site built after two real publish runs of the crawler (22 articles per topic,
// then the rest), compared with the build after the first: full pages never change and
// feed GUIDs stay put. And the output is valid: feeds parse as their formats, sitemaps list
// only pages that exist, AMP pages pass the structural AMP check.

let site: DemoBuild;
let before: Map<string, Buffer>;
let after: Map<string, Buffer>;
let content: ContentFile[];
let topics: string[];

beforeAll(async () => {
  site = await demoBuild();
  before = await snapshot(site.firstDist);
  after = await snapshot(site.dist);
  content = await readContent(site.root);
  topics = site.config.topics.map((t) => t.slug);
});

const FEEDS: Array<[string, (text: string) => FeedCheck]> = [
  ['rss.xml', checkRss],
  ['atom.xml', checkAtom],
  ['feed.json', checkJsonFeed],
];

function feedFiles(): string[] {
  return ['', ...topics.map((t) => `${t}/`)].flatMap((dir) => FEEDS.map(([name]) => `${dir}${name}`));
}

function checkerFor(file: string): (text: string) => FeedCheck {
  return FEEDS.find(([name]) => file.endsWith(name))![1];
}

describe('a second publish run', () => {
  it('published the rest of every topic', () => {
    for (const topic of topics) {
      const articlesBefore = [...before.keys()].filter((f) => new RegExp(`^${topic}/(?!page/)[^/]+/index\\.html$`).test(f));
      expect(articlesBefore, topic).toHaveLength(FIRST_RUN_PER_TOPIC);
      expect(content.filter((a) => a.data.topic === topic).length, topic).toBeGreaterThan(FIRST_RUN_PER_TOPIC);
    }
  });

  /** The archive pages a topic's front did not list (it lists the newest pages whole until a page's worth): those are full and final. */
  function pagesOffTheFront(articles: number, pageSize: number): number {
    let page = Math.ceil(articles / pageSize);
    for (let shown = 0; page > 0 && shown < pageSize; page--) shown += Math.min(pageSize, articles - (page - 1) * pageSize);
    return page;
  }

  it('changes no final page: archive pages the front did not list and every earlier article and AMP page are byte-identical', () => {
    let compared = 0;
    for (const topic of topics) {
      const earlier = [...before.keys()].filter((f) => new RegExp(`^(amp/)?${topic}/(?!page/)[^/]+/index\\.html$`).test(f));
      expect(earlier).toHaveLength(FIRST_RUN_PER_TOPIC * 2);
      for (const file of earlier) {
        expect(after.get(file)?.equals(before.get(file)!), file).toBe(true);
        compared++;
      }
      const fullPages = Math.floor(FIRST_RUN_PER_TOPIC / site.pageSize);
      const offFront = pagesOffTheFront(FIRST_RUN_PER_TOPIC, site.pageSize);
      expect(offFront).toBeGreaterThan(0);
      for (let n = 1; n <= offFront; n++) {
        const file = `${topic}/page/${n}/index.html`;
        expect(after.get(file)?.equals(before.get(file)!), file).toBe(true);
        compared++;
      }
      // The page that was still filling up did change, so the comparison can tell.
      const growing = `${topic}/page/${fullPages + 1}/index.html`;
      expect(after.get(growing)?.equals(before.get(growing)!), growing).toBe(false);
      expect(after.get(`${topic}/index.html`)?.equals(before.get(`${topic}/index.html`)!)).toBe(false);
    }
    expect(compared).toBe(topics.length * (FIRST_RUN_PER_TOPIC * 2 + pagesOffTheFront(FIRST_RUN_PER_TOPIC, site.pageSize)));
  });

  it('keeps every feed item’s GUID: an article has the same id in both builds', () => {
    let common = 0;
    for (const file of feedFiles()) {
      const check = checkerFor(file);
      const first = check(before.get(file)!.toString('utf8')).items;
      const second = check(after.get(file)!.toString('utf8')).items;
      expect(first.length, file).toBeGreaterThan(0);
      const ids = new Map(second.map((i) => [i.link, i.id]));
      let shared = 0;
      for (const item of first) {
        if (!ids.has(item.link)) continue;
        expect(ids.get(item.link), `${file} ${item.link}`).toBe(item.id);
        shared++;
      }
      // A topic feed (20 items) still carries first-run articles after 10 new ones; the
      // site's feed may not (30 new ones pushed them out), so only topic feeds must overlap.
      if (file.includes('/')) expect(shared, file).toBeGreaterThan(0);
      common += shared;
    }
    expect(common).toBeGreaterThanOrEqual(topics.length * FEEDS.length * 5);
  });
});

describe('feeds', () => {
  it('parse as their formats: RSS 2.0, Atom 1.0 and JSON Feed 1.1, for the site and every topic', async () => {
    for (const file of feedFiles()) {
      const { problems, items } = checkerFor(file)(await readFile(join(site.dist, file), 'utf8'));
      expect(problems, file).toEqual([]);
      expect(items.length, file).toBe(Math.min(site.config.publish.feedItems, file.includes('/') ? content.filter((a) => file.startsWith(`${a.data.topic}/`)).length : content.length));
    }
  });

  it('are caught by the format checks when broken', () => {
    expect(checkRss('<rss version="2.0"><channel><title>x</title></channel>').problems[0]).toMatch(/not well-formed/);
    expect(checkAtom('<feed xmlns="http://www.w3.org/2005/Atom"><id>x</id><title>t</title><updated>yesterday</updated></feed>').problems).toContain('feed updated is not RFC 3339');
    expect(checkJsonFeed('{"version":"https://jsonfeed.org/version/1","title":"t","items":[{"id":"a"}]}').problems.length).toBe(3);
  });
});

describe('sitemaps', () => {
  it('list only URLs that exist in dist/, and every article', async () => {
    const origin = new URL(site.config.site.url).origin;
    const index = checkSitemap(await readFile(join(site.dist, 'sitemap-index.xml'), 'utf8'), 'sitemapindex');
    expect(index.problems).toEqual([]);
    // Per topic: its front and archive pages, and its articles; then the site's pages, its tags, its sources, its stories and its daily editions.
    expect(index.locs.length).toBe(2 * topics.length + 5);
    const listed = new Set<string>();
    for (const sitemap of index.locs) {
      expect(sitemap.startsWith(origin)).toBe(true);
      expect(existsForUrl(site.dist, sitemap), sitemap).toBe(true);
      const urls = checkSitemap(await readFile(join(site.dist, new URL(sitemap).pathname), 'utf8'), 'urlset');
      expect(urls.problems, sitemap).toEqual([]);
      for (const loc of urls.locs) {
        expect(loc.startsWith(origin), loc).toBe(true);
        expect(existsForUrl(site.dist, loc), loc).toBe(true);
        listed.add(new URL(loc).pathname);
      }
    }
    for (const article of content) expect(listed.has(`/${article.id}/`), article.id).toBe(true);
  });
});

describe('AMP pages', () => {
  it('every one passes the structural AMP check', async () => {
    const files = (await listFiles(site.dist)).filter((f) => f.startsWith('amp/') && f.endsWith('.html'));
    expect(files).toHaveLength(content.length);
    for (const file of files) expect(ampProblems(await readFile(join(site.dist, file), 'utf8')), file).toEqual([]);
  });
});

describe('story clusters', () => {
  it('the sample web\'s stories told by several sites have pages listing at least two sources; the home page credits them', async () => {
    const pages = (await listFiles(site.dist)).filter((f) => /^stories\/\d+\/index\.html$/.test(f));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) {
      const html = await readFile(join(site.dist, page), 'utf8');
      const sources = [...html.matchAll(/<a class="source" href="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(sources).size, page).toBeGreaterThanOrEqual(2);
    }
    // The first run published the newest articles, the stories among them: its home page credits them.
    const home = before.get('index.html')!.toString('utf8');
    expect(home).toMatch(/Full story: \d+ sources/);
    expect(home).toMatch(/href="\/stories\/\d+\/"/);
    expect((await listFiles(join(site.dist, 'sitemaps'))).some((f) => f.startsWith('stories'))).toBe(true);
  });
});
