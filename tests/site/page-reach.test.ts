import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema, type FrontmatterInput } from '../../crawler/publish/frontmatter.ts';
import type { SourceHealth } from '../../site/builder/data/sources.ts';
import { ManifestStore } from '../../site/builder/manifest.ts';
import { openMemory } from '../../site/builder/memory.ts';
import { appendReach, recordedSite, sourceNamesDigest, type PageReach } from '../../site/builder/page-reach.ts';
import { keyAndChoose } from '../../site/builder/page-selection.ts';
import { buildSiteIndex, type ArticleInput, type SiteIndex } from '../../site/model/site-index.ts';
import { ARTICLE_PAGE_TELLINGS } from '../../site/model/story-list.ts';
import { ARTICLE_CHUNK } from '../../site/outputs/sitemap-data.ts';
import { updateContentIndex } from '../../site/builder/content-index.ts';
import { writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';

// A build that only added articles keys only the pages they reach (site/builder/page-reach.ts)
// and keeps every other recorded key unread. Whatever the runs add (new stories and tellings of
// old ones, new tags and old ones, pages and story pages that fill, days that close), the pages it
// renders and the stamps it records must be what keying every page gives: keyAndChoose checks that
// itself under GLEANER_VERIFY_KEYS, and fails on a difference. Anything other than adding keys
// every page, with the reason.

const config = parseConfig({
  site: { title: 'T', url: 'https://news.example.com', timeZone: 'UTC' },
  topics: [
    { slug: 'science', name: 'Science', sources: ['https://a.example/feed'] },
    { slug: 'world', name: 'World', sources: ['https://b.example/feed'] },
  ],
  publish: { pageSize: 3, relatedCount: 2, minTagArticles: 2 },
});

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);
const SPELLINGS = [['Climate', 'Climate', 'climate'], ['Mars'], ['Rivers'], ['Fusion', 'fusion'], ['Oceans'], ['Grid']];

/** A small seeded generator (mulberry32): the same runs every time. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A site that grows by hourly runs, each publishing a few articles the way the crawler numbers them. */
class GrowingSite {
  readonly entries: ArticleInput[] = [];
  readonly #next = new Map<string, number>();
  #id = 0;

  add(run: number, extra: (id: number, topic: string) => Partial<FrontmatterInput> = () => ({})): ArticleInput {
    const topic = this.#id % 3 === 2 ? 'world' : 'science';
    const position = this.#next.get(topic) ?? 0;
    this.#next.set(topic, position + 1);
    const id = ++this.#id;
    const onSite = START + run * HOUR;
    const data = frontmatterSchema.parse({
      id,
      title: `Article ${id}`,
      url: `https://outlet${id % 4}.example/${id}`,
      canonical: `https://outlet${id % 4}.example/${id}`,
      fetched: new Date(onSite).toISOString(),
      published: new Date(onSite - (id % 5) * HOUR).toISOString(),
      topic,
      page: Math.floor(position / 3) + 1,
      position,
      publishedOnSite: new Date(onSite).toISOString(),
      wordCount: 500,
      readingTime: 2,
      tags: [],
      related: [],
      cluster: null,
      ...extra(id, topic),
    });
    const entry = { id: `${topic}/a${id}`, data, file: `content/${topic}/a${id}.md`, bodySha: `body-${id}` };
    this.entries.push(entry);
    return entry;
  }
}

describe('the pages a build that only added articles reaches', () => {
  let dir: string;
  let verify: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-page-reach-'));
    verify = process.env.GLEANER_VERIFY_KEYS;
    process.env.GLEANER_VERIFY_KEYS = '1';
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    if (verify === undefined) delete process.env.GLEANER_VERIFY_KEYS;
    else process.env.GLEANER_VERIFY_KEYS = verify;
  });

  const hourly = { cold: false, slice: false, always: [] as string[], mine: () => true, missing: () => false };

  /** Records a build's choice as the merge does. */
  function record(manifest: ManifestStore, index: SiteIndex, chosen: ReturnType<typeof keyAndChoose>): void {
    manifest.begin();
    for (const page of chosen.toRender) manifest.setPage(page.file, page.key);
    for (const [id, stamp] of chosen.keyed.stamps.set) manifest.setStamp(id, stamp);
    for (const id of chosen.keyed.stamps.deleted) manifest.deleteStamp(id);
    for (const file of chosen.stale) manifest.deletePage(file);
    manifest.setSourceNames(sourceNamesDigest(index));
    manifest.commit();
  }

  function reachOf(manifest: ManifestStore, index: SiteIndex, added: ArticleInput[]): PageReach | { whole: string } {
    const ids = new Set(added.map((a) => a.id));
    const articles = new Set(index.articles.filter((a) => ids.has(a.id)));
    return appendReach(index, articles, recordedSite(manifest, sourceNamesDigest(index)), 4);
  }

  /** A site of `count` articles (tagged `tags(i)`) built cold and recorded; `keep` may change what the build records. */
  function builtSite(count: number, tags: (i: number) => string[] = () => [], keep = (chosen: ReturnType<typeof keyAndChoose>) => chosen) {
    const site = new GrowingSite();
    for (let i = 0; i < count; i++) site.add(0, () => ({ tags: tags(i) }));
    const manifest = new ManifestStore(openMemory(join(dir, 'memory.sqlite')));
    const index = buildSiteIndex(site.entries, config);
    record(manifest, index, keep(keyAndChoose(index, 'p', manifest, { ...hourly, cold: true })));
    return { site, manifest };
  }

  it.each([1, 2, 3])('runs of new articles, new stories and tellings of old ones (seed %i): the pages and stamps of keying every page, and fewer keyed', (seed) => {
    const next = random(seed);
    const { site, manifest } = builtSite(12, (i) => [SPELLINGS[i % SPELLINGS.length]![0]!]);
    let index: SiteIndex;

    let reached = 0;
    let keyedReach = 0;
    let keyedWhole = 0;
    for (let run = 1; run <= 60; run++) {
      const added: ArticleInput[] = [];
      const count = Math.floor(next() * 4);
      for (let k = 0; k < count; k++) {
        added.push(
          site.add(run, (id) => {
            const earlier = site.entries.slice(-8);
            // Tellings join a recent story (or make one of a single article); tags recur in their commonest spelling.
            const lead = next() < 0.4 ? earlier[Math.floor(next() * earlier.length)] : undefined;
            const spelling = SPELLINGS[Math.floor(next() * SPELLINGS.length)]!;
            return {
              cluster: lead ? (lead.data.cluster ?? lead.data.id) : null,
              related: earlier.slice(-2).map((e) => e.id),
              tags: next() < 0.8 ? [spelling[0]!] : [],
              published: new Date(START + run * HOUR - Math.floor(next() * 3) * HOUR - (id % 2) * 60_000).toISOString(),
            };
          }),
        );
      }
      index = buildSiteIndex(site.entries, config);
      const reach = reachOf(manifest, index, added);
      if ('whole' in reach) throw new Error(`run ${run} keyed every page: ${reach.whole}`);
      // GLEANER_VERIFY_KEYS: keyAndChoose keys every page too and fails on a difference.
      const chosen = keyAndChoose(index, 'p', manifest, { ...hourly, reach });
      record(manifest, index, chosen);
      reached++;
      keyedReach += chosen.keyed.pages.length;
      keyedWhole += keyAndChoose(index, 'p', manifest, hourly).keyed.pages.length;
    }
    expect(reached).toBe(60);
    // The whole keying keys every page but the stamped article pages that kept their keys; the reach fewer (on a site this small, not many fewer: npm run bench:planner measures it).
    expect(keyedReach).toBeLessThan(keyedWhole);
    manifest.close();
  });

  it("a story that keeps growing: once it has more tellings than an article page lists, an hour renders the new telling's pages, not the older tellings'", () => {
    const { site, manifest } = builtSite(6);
    const first = site.entries[0]!;
    const renderedTellings: string[][] = [];
    for (let run = 1; run <= ARTICLE_PAGE_TELLINGS + 4; run++) {
      const added = [site.add(run, () => ({ cluster: first.data.id }))];
      const index = buildSiteIndex(site.entries, config);
      const reach = reachOf(manifest, index, added) as PageReach;
      // GLEANER_VERIFY_KEYS: keyAndChoose keys every page too and fails on a difference.
      const chosen = keyAndChoose(index, 'p', manifest, { ...hourly, reach });
      record(manifest, index, chosen);
      const members = new Set(index.storyOf(index.article(first.id)!)!.members.map((m) => `${m.id}/index.html`));
      renderedTellings.push(chosen.toRender.map((p) => p.file).filter((f) => members.has(f)).sort());
    }
    // While the story has at most ARTICLE_PAGE_TELLINGS + 1 tellings, each new one is among the first and every telling's page shows it.
    for (let run = 1; run <= ARTICLE_PAGE_TELLINGS; run++) expect(renderedTellings[run - 1]).toHaveLength(run + 1);
    // Then only the new telling's own page.
    for (let run = ARTICLE_PAGE_TELLINGS + 1; run <= ARTICLE_PAGE_TELLINGS + 4; run++) expect(renderedTellings[run - 1]).toEqual([`${site.entries[5 + run]!.id}/index.html`]);
    manifest.close();
  });

  it('a topic past two whole sitemap chunks: an hour keys only its newest chunk of article URLs, the whole ones keep their keys unread', () => {
    // Two of every three articles are science's: 10,002 fill its first two chunks, the next go to a third.
    const { site, manifest } = builtSite(Math.ceil((2 * ARTICLE_CHUNK * 3) / 2) + 3);
    for (let run = 1; run <= 2; run++) {
      const added = [site.add(run), site.add(run), site.add(run)];
      const index = buildSiteIndex(site.entries, config);
      const reach = reachOf(manifest, index, added) as PageReach;
      // GLEANER_VERIFY_KEYS: keyAndChoose keys every page too and fails on a difference.
      const chosen = keyAndChoose(index, 'p', manifest, { ...hourly, reach, incremental: true });
      record(manifest, index, chosen);
      const keyed = chosen.keyed.pages.map((p) => p.file).filter((f) => f.startsWith('sitemaps/articles-science-'));
      const kept = chosen.keyed.kept.map((p) => p.file).filter((f) => f.startsWith('sitemaps/articles-science-'));
      expect(keyed).toEqual(['sitemaps/articles-science-3.xml']);
      expect(kept.sort()).toEqual(['sitemaps/articles-science-1.xml', 'sitemaps/articles-science-2.xml']);
      expect(chosen.toRender.map((p) => p.file)).toContain('sitemaps/articles-science-3.xml');
    }
    manifest.close();
  });

  it('an incremental build lists every keyed page it left out, to render one whose file is missing with its recorded key', () => {
    const { site, manifest } = builtSite(30, () => ['Mars']);
    const added = [site.add(1, () => ({ tags: ['Mars'] }))];
    const index = buildSiteIndex(site.entries, config);
    const reach = reachOf(manifest, index, added) as PageReach;
    const missing = 'science/page/1/index.html';
    const chosen = keyAndChoose(index, 'p', manifest, { ...hourly, reach, incremental: true, missing: (f) => f === missing });
    expect(chosen.keyed.kept.map((p) => p.file)).toContain(missing);
    expect(chosen.toRender.find((p) => p.file === missing)?.key).toBe(manifest.pageKey(missing));
    manifest.close();
  });

  const health = (host: string, siteName: string): SourceHealth[] => [
    { host, feeds: [], lastRead: null, lastError: null, failures: 0, failingReads: 0, icon: null, learned: { feedTitles: [], siteName, applicationName: null, titleSuffix: null } },
  ];

  it.each<[string, (site: GrowingSite) => ArticleInput[], SourceHealth[], RegExp]>([
    ['a source named anew', (site) => [site.add(1)], health('outlet1.example', 'Outlet One'), /a source is named anew/],
    ['a tag whose commonest spelling changes', (site) => Array.from({ length: 10 }, () => site.add(1, () => ({ tags: ['climate'] }))), [], /the tag climate is spelled climate now/],
    ['a new article older than the newest', (site) => [site.add(0, () => ({ published: new Date(START - 10 * HOUR).toISOString() }))], [], /is not the newest/],
    ['an old article that relates to a new one', (site) => {
      const added = site.add(1);
      site.entries[3] = { ...site.entries[3]!, data: { ...site.entries[3]!.data, related: [added.id] } };
      return [added];
    }, [], /an older article relates to/],
    ['a new article placed among older ones', (site) => [site.add(1, () => ({ position: 0 }))], [], /placed among older ones/],
    ['a new article numbered below an older one', (site) => [site.add(1, () => ({ id: 2 }))], [], /has an id below an older article's/],
  ])('%s: every page is keyed', (_, change, sources, why) => {
    const { site, manifest } = builtSite(9, () => ['Climate']);
    const added = change(site);
    const reach = reachOf(manifest, buildSiteIndex(site.entries, config, sources), added);
    expect(reach).toEqual({ whole: expect.stringMatching(why) });
    manifest.close();
  });

  it('the first build on a build memory from before the source names keys every page, and records them', () => {
    const { site, manifest } = builtSite(6);
    manifest.setSourceNames(null);
    const added = [site.add(1)];
    expect(reachOf(manifest, buildSiteIndex(site.entries, config), added)).toEqual({ whole: expect.stringMatching(/recorded no source names/) });
    manifest.close();
  });

  it('a build after one that recorded no stamps (a split cold build) keys every page', () => {
    const { site, manifest } = builtSite(6, () => [], (chosen) => ({ ...chosen, keyed: { ...chosen.keyed, stamps: { set: [], deleted: [] } } }));
    const added = [site.add(1)];
    expect(reachOf(manifest, buildSiteIndex(site.entries, config), added)).toEqual({ whole: 'the last build did not stamp every article' });
    manifest.close();
  });
});

describe('what the content index says was added', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-content-added-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts from the last build that recorded its pages, across a build killed after its update', async () => {
    await writeSyntheticSite(dir, { articles: 6, topics: 1, pageSize: 5, seed: 5 });
    const manifest = new ManifestStore(openMemory(join(dir, 'memory.sqlite')));
    const memory = openMemory(join(dir, 'memory.sqlite'));
    const update = async () => {
      const { added, appendOnly } = await updateContentIndex(dir, memory, 'r1');
      return { added: added.map((f) => f.split('/').at(-1)), appendOnly };
    };
    const folder = readdirSync(join(dir, 'content'), { recursive: true, withFileTypes: true }).find((e) => e.isFile() && e.name.endsWith('.md'))!;
    // A memory made from nothing (a new renderer) is not one that only added: a cold build follows, and no list is kept.
    expect(await update()).toEqual({ added: [], appendOnly: false });
    manifest.contentRecorded();
    expect(await update()).toEqual({ added: [], appendOnly: true });

    copyFileSync(join(folder.parentPath, folder.name), join(folder.parentPath, 'a-new-one.md'));
    expect(await update()).toEqual({ added: ['a-new-one.md'], appendOnly: true });
    // The build that read it was killed before it recorded its pages: the next one still sees it added.
    expect(await update()).toEqual({ added: ['a-new-one.md'], appendOnly: true });
    rmSync(join(folder.parentPath, folder.name));
    expect(await update()).toEqual({ added: [], appendOnly: false });
    manifest.contentRecorded();
    expect(await update()).toEqual({ added: [], appendOnly: true });
    memory.close();
    manifest.close();
  });
});
