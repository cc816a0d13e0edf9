import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema, type FrontmatterInput } from '../../crawler/publish/frontmatter.ts';
import { buildSiteIndex, type Article, type ArticleInput, type StoryInfo } from '../../site/model/site-index.ts';
import { decodePageData, encodePageData } from '../../site/model/pages/page-json.ts';
import { keyedPages } from '../../site/builder/page-keys.ts';
import { searchShards } from '../../site/builder/search.ts';
import { feedItem } from '../../site/outputs/feed-data.ts';
import type { SourceHealth } from '../../site/builder/data/sources.ts';
import { articlePageProps } from '../../site/model/pages/article.ts';
import { handOver } from '../../site/builder/content-index.ts';

const config = parseConfig({
  site: { title: 'T', url: 'https://news.example.com' },
  topics: [
    { slug: 'science', name: 'Science', sources: ['https://a.example/feed'] },
    { slug: 'empty', name: 'Empty', sources: ['https://b.example/feed'] },
  ],
  publish: { pageSize: 3, relatedCount: 2 },
});

function article(topic: string, position: number, extra: Partial<FrontmatterInput> = {}): ArticleInput {
  const at = Date.UTC(2024, 0, 1) + position * 3_600_000;
  const data = frontmatterSchema.parse({
    id: position + 1,
    title: `${topic} ${position}`,
    url: `https://src.example/${topic}/${position}`,
    canonical: `https://src.example/${topic}/${position}`,
    fetched: new Date(at).toISOString(),
    topic,
    page: Math.floor(position / 3) + 1,
    position,
    publishedOnSite: new Date(at).toISOString(),
    wordCount: 500,
    readingTime: 2,
    ...extra,
  });
  return { id: `${topic}/a${position}`, data, file: `content/${topic}/a${position}.md`, bodySha: 'x' };
}

describe('buildSiteIndex', () => {
  it('orders articles newest first and groups archive pages by their fixed page number', () => {
    const entries = Array.from({ length: 7 }, (_, i) => article('science', i));
    const index = buildSiteIndex(entries, config);
    expect(index.articles.map((a) => a.data.position)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    const science = index.topicBySlug.get('science')!;
    expect(science.pages.map((p) => p.map((a) => a.data.position))).toEqual([[2, 1, 0], [5, 4, 3], [6]]);
    expect(science.pages.length).toBe(3);
    expect(index.isFullPage(science, 2)).toBe(true);
    expect(index.isFullPage(science, 3)).toBe(false);
  });

  it('adds an empty next page when the newest page is exactly full, so the full page can link to it', () => {
    const index = buildSiteIndex(Array.from({ length: 6 }, (_, i) => article('science', i)), config);
    const science = index.topicBySlug.get('science')!;
    expect(science.pages.length).toBe(3);
    expect(science.pages[2]).toEqual([]);
    const empty = index.topicBySlug.get('empty')!;
    expect(empty.pages.length).toBe(1);
    expect(empty.pages).toEqual([[]]);
  });

  it("fills a topic's front with whole archive pages, so its older page repeats none of them", () => {
    const front = (n: number) => {
      const index = buildSiteIndex(Array.from({ length: n }, (_, i) => article('science', i)), config);
      const { articles, olderPage } = index.front(index.topicBySlug.get('science')!);
      return { positions: articles.map((a) => a.data.position), olderPage };
    };
    expect(front(2)).toEqual({ positions: [1, 0], olderPage: null });
    // 7 articles, pages of 3: page 3 holds one, page 2 three; page 1 is the older page.
    expect(front(7)).toEqual({ positions: [6, 5, 4, 3], olderPage: 1 });
    // 6: page 3 is empty, page 2 full.
    expect(front(6)).toEqual({ positions: [5, 4, 3], olderPage: 1 });
    expect(front(8)).toEqual({ positions: [7, 6, 5, 4, 3], olderPage: 1 });
    expect(front(9)).toEqual({ positions: [8, 7, 6], olderPage: 2 });
    const empty = buildSiteIndex([], config);
    expect(empty.front(empty.topicBySlug.get('empty')!)).toEqual({ articles: [], olderPage: null });
  });

  it('lists a tag once minTagArticles articles carry it; an article shows the tags listed when it was published', () => {
    const tagged = (position: number, tags: string[]) => article('science', position, { tags });
    const index = buildSiteIndex([tagged(0, ['Ice', 'Rare']), tagged(1, ['Ice']), tagged(2, ['Ice', 'Moon']), tagged(3, ['Ice', 'Moon']), tagged(4, ['Moon'])], { ...config, publish: { ...config.publish, minTagArticles: 3 } });
    const shown = (position: number) => index.articles.find((a) => a.data.position === position)!.shownTags.map((t) => t.name);
    expect(index.listedTags.map((t) => t.name)).toEqual(['Ice', 'Moon']);
    expect(index.tagBySlug.get('rare')).toMatchObject({ listed: false });
    // Ice reaches 3 with position 2, Moon with position 4: earlier pages never change.
    expect([0, 1, 2, 3, 4].map(shown)).toEqual([[], [], ['Ice'], ['Ice'], ['Moon']]);
    expect(index.articles.find((a) => a.data.position === 0)!.tags.map((t) => t.name)).toEqual(['Ice', 'Rare']);
  });

  it('merges tags that fold to one slug under the most used spelling', () => {
    const index = buildSiteIndex(
      [article('science', 0, { tags: ['Café', 'Space'] }), article('science', 1, { tags: ['cafe'] }), article('science', 2, { tags: ['Cafe\u0301', 'Café'] })],
      config,
    );
    expect(index.tags.map((t) => [t.slug, t.articles.length])).toEqual([
      ['cafe', 3],
      ['space', 1],
    ]);
    expect(index.tagBySlug.get('cafe')!.name).toBe('Café');
    expect(index.tagBySlug.get('cafe')!.articles.map((a) => a.data.position)).toEqual([2, 1, 0]);
  });

  it('after a removal (a gap in the positions) keeps every page number, steps over the gap, and a full page stays full', () => {
    // Position 4 was removed: page 2 shows two articles, nothing moves, and it still links on to page 3.
    const entries = Array.from({ length: 8 }, (_, i) => article('science', i)).filter((a) => a.data.position !== 4);
    const index = buildSiteIndex(entries, config);
    const science = index.topicBySlug.get('science')!;
    expect(science.pages.map((p) => p.map((a) => a.data.position))).toEqual([[2, 1, 0], [5, 3], [7, 6]]);
    expect(index.isFullPage(science, 2)).toBe(true);
    expect(index.isFullPage(science, 3)).toBe(false);
    expect(index.older(index.article('science/a5')!)?.id).toBe('science/a3');
  });

  it('keeps a story whose first article was removed, led by its oldest remaining article', () => {
    const entries = [article('science', 1, { cluster: 1 }), article('science', 2, { cluster: 1 })];
    const index = buildSiteIndex(entries, config);
    expect(index.stories.map((s) => [s.id, s.lead.id, s.members.length])).toEqual([[1, 'science/a1', 2]]);
  });

  it("writes an article whole as the page data for Astro's child, and each article and story once however many pages name them", () => {
    const index = buildSiteIndex([article('science', 1, { cluster: 1 }), article('science', 2, { cluster: 1 })], config);
    const [newer, older] = index.articles as [Article, Article];
    // What the index makes when read (slug, addresses) is written like what it holds.
    expect(JSON.parse(JSON.stringify(older))).toEqual({ id: 'science/a1', slug: 'a1', topic: 'science', data: JSON.parse(JSON.stringify(older.data)), file: 'content/science/a1.md', bodySha: 'x', path: '/science/a1/', ampPath: '/amp/science/a1/', host: 'src.example', mode: older.mode, source: 'src.example', tags: [], shownTags: [] });
    const story = index.stories[0]!;
    const decoded = decodePageData<{ story: StoryInfo; cards: Article[]; again: Article[] }>(encodePageData({ story, cards: [newer, older], again: [older] }));
    expect(decoded.cards[1]).toBe(decoded.again[0]);
    expect(decoded.story.lead).toBe(decoded.cards[1]);
    expect(decoded.story.members).toEqual([decoded.cards[0], decoded.cards[1]]);
    expect(decoded.cards[0]!.path).toBe('/science/a2/');
  });

  it("takes an article's host and tags from its entry when the content index read them as it loaded, never from its frontmatter", () => {
    const plain = [article('science', 0, { tags: ['Mars', 'Rockets'] }), article('science', 1, { tags: ['mars'], url: 'https://www.other.example/x' })];
    const stored = plain.map((entry) => {
      // A frontmatter without its address and tags, as the content index holds it: reading either fails here.
      const data = Object.create(entry.data, {
        url: { get: () => expect.fail('read the address') },
        tags: { get: () => expect.fail('read the tags') },
      }) as typeof entry.data;
      return { ...entry, data, host: entry.data.url.includes('other') ? 'other.example' : 'src.example', tagSpellings: entry.data.tags };
    });
    const want = buildSiteIndex(plain, config);
    const got = buildSiteIndex(stored, config);
    expect(got.articles.map((a) => [a.id, a.host, a.source, a.tags])).toEqual(want.articles.map((a) => [a.id, a.host, a.source, a.tags]));
    expect(got.tags.map((t) => [t.slug, t.name, t.articles.map((a) => a.id)])).toEqual(want.tags.map((t) => [t.slug, t.name, t.articles.map((a) => a.id)]));
    expect(got.articles.map((a) => a.host)).toEqual(['other.example', 'src.example']);
  });

  it('relates an article to those its content index read (relatedIds) before its frontmatter, each once, and to none when relatedCount is 0', () => {
    const entries = [article('science', 0), article('science', 1), { ...article('science', 2, { related: ['science/a0'] }), relatedIds: ['science/a1', 'science/a1', 'science/a0'] }];
    const index = buildSiteIndex(entries, config);
    expect(index.related(index.article('science/a2')!).map((a) => a.id)).toEqual(['science/a1', 'science/a0']);
    const none = buildSiteIndex(entries, { ...config, publish: { ...config.publish, relatedCount: 0 } });
    expect(none.related(none.article('science/a2')!)).toEqual([]);
    // The article page shows its "Related articles" section only when the list has one.
    expect(articlePageProps(none, 'science/a2').related).toEqual([]);
  });

  it('takes its entries once, in order: handed over one by one (the planning process), the list is emptied and the index is the same', () => {
    const make = () => [article('science', 0), article('science', 1, { related: ['science/a0'], tags: ['Ice', 'ice'] }), article('science', 2, { cluster: 2 })];
    const list = make();
    const taken: string[] = [];
    const index = buildSiteIndex((function* () {
      for (const entry of handOver(list)) {
        taken.push(entry.id);
        expect(list.filter(Boolean).length).toBe(3 - taken.length);
        yield entry;
      }
    })(), config);
    expect(taken).toEqual(['science/a0', 'science/a1', 'science/a2']);
    expect(list).toEqual([]);
    const same = buildSiteIndex(make(), config);
    expect(index.articles.map((a) => [a.id, a.tags, index.related(a).map((r) => r.id), index.storyOf(a)?.id ?? null])).toEqual(
      same.articles.map((a) => [a.id, a.tags, same.related(a).map((r) => r.id), same.storyOf(a)?.id ?? null]),
    );
    expect(index.related(index.article('science/a1')!).map((a) => a.id)).toEqual(['science/a0']);
  });

  it('finds an article by its id, whether or not its file gives that id, and nothing for an id no article has', () => {
    const named = { ...article('science', 1), id: 'science/another-name' };
    const index = buildSiteIndex([article('science', 0), named, article('other', 2)], config);
    expect(index.article('science/another-name')?.file).toBe('content/science/a1.md');
    expect(index.article('science/another-name')?.id).toBe('science/another-name');
    expect(index.article('science/another-name')?.slug).toBe('another-name');
    expect(index.article('science/a1')).toBeUndefined();
    expect(index.article('other/a2')?.id).toBe('other/a2');
    expect(index.article('science/a0')?.path).toBe('/science/a0/');
    expect(index.article('science/a9')).toBeUndefined();
    expect(index.articles.map((a) => index.article(a.id))).toEqual(index.articles);
  });

  it('tells apart two articles whose ids share a hash in its table, and an id of that hash no article has', () => {
    // science/a21708 and science/a121002 have one FNV-1a hash; science/a21708's table entry is a list of both.
    const index = buildSiteIndex([article('science', 21708), article('science', 121002)], config);
    expect(index.article('science/a21708')?.data.position).toBe(21708);
    expect(index.article('science/a121002')?.data.position).toBe(121002);
    const alone = buildSiteIndex([article('science', 21708)], config);
    expect(alone.article('science/a121002')).toBeUndefined();
  });

  it('resolves related ids, skipping missing ones and itself, up to relatedCount', () => {
    const index = buildSiteIndex(
      [article('science', 0), article('science', 1), article('science', 2), article('science', 3, { related: ['science/a3', 'science/missing', 'science/a0', 'science/a2', 'science/a1'] })],
      config,
    );
    const a3 = index.article('science/a3')!;
    expect(index.related(a3).map((a) => a.id)).toEqual(['science/a0', 'science/a2']);
    expect(index.older(a3)?.id).toBe('science/a2');
    expect(index.older(index.article('science/a0')!)).toBeNull();
  });

  it('relates an article to ones read after it, in the order its file names them', () => {
    // The index reads entries in order: a0 names a3 (read later) before a1 (read earlier).
    const index = buildSiteIndex(
      [
        article('science', 0, { related: ['science/a3', 'science/missing', 'science/a1'] }),
        article('science', 1),
        article('science', 2, { related: ['science/a0', 'science/a1', 'science/a3'] }),
        article('science', 3),
      ],
      config,
    );
    expect(index.related(index.article('science/a0')!).map((a) => a.id)).toEqual(['science/a3', 'science/a1']);
    expect(index.related(index.article('science/a2')!).map((a) => a.id)).toEqual(['science/a0', 'science/a1']);
  });

  it('keeps pages for a topic that has content but left the config', () => {
    const index = buildSiteIndex([article('science', 0), article('retired', 0)], config);
    const retired = index.topicBySlug.get('retired')!;
    expect(retired.configured).toBe(false);
    expect(retired.articles).toHaveLength(1);
    expect(index.topics.map((t) => t.slug)).toEqual(['science', 'empty', 'retired']);
  });
});

describe('stories', () => {
  // Article ids are position + 1; a story is the article whose id it carries plus every file naming it.
  const entries = [
    article('science', 0),
    article('science', 1, { url: 'https://other.example/1' }),
    article('science', 2, { cluster: 1, url: 'https://b.example/2' }),
    article('science', 3),
    article('science', 4, { cluster: 1, siteName: 'C News', url: 'https://c.example/4' }),
    article('science', 5, { cluster: 99 }),
  ];
  const index = buildSiteIndex(entries, config);
  const byPosition = (p: number) => index.articles.find((a) => a.data.position === p)!;

  it('gathers a story from its first article and the later files naming it, members newest first, the first article leading', () => {
    expect(index.stories.map((s) => s.id)).toEqual([1]);
    const story = index.stories[0]!;
    expect(story.lead).toBe(byPosition(0));
    expect(story.members.map((a) => a.data.position)).toEqual([4, 2, 0]);
    expect(story.path).toBe('/stories/1/');
    expect(index.storyOf(byPosition(2))).toBe(story);
    expect(index.storyOf(byPosition(3))).toBeNull();
    // A story whose first article is gone has no page.
    expect(index.storyOf(byPosition(5))).toBeNull();
  });

  it('shows a story once on a newest-first list: its lead, where its newest article would be', () => {
    expect(index.oneCardPerStory(index.articles).map((a) => a.data.position)).toEqual([5, 0, 3, 1]);
    expect(index.oneCardPerStory(index.articles, 2).map((a) => a.data.position)).toEqual([5, 0]);
    // Topic archive pages keep every article.
    expect(index.topicBySlug.get('science')!.pages.flat()).toHaveLength(6);
  });

  it('old Markdown without a cluster line still parses, as no story', () => {
    expect(frontmatterSchema.parse({ ...entries[3]!.data, cluster: undefined }).cluster).toBeNull();
  });
});

describe('source names in the index', () => {
  const health = (learned: Partial<NonNullable<SourceHealth['learned']>>): SourceHealth[] => [
    { host: 'src.example', feeds: [], lastRead: null, lastError: null, failures: 0, failingReads: 0, icon: null, learned: { feedTitles: [], siteName: null, applicationName: null, titleSuffix: null, ...learned } },
  ];
  const other = (i: number) => article('science', i, { url: `https://other.example/${i}`, canonical: `https://other.example/${i}` });
  const entries = [article('science', 0), article('science', 1), other(2)];

  it("names each article's source from the config, what the crawler learned, and what its articles declare, else the host", () => {
    expect(buildSiteIndex(entries, config).articles.map((a) => a.source)).toEqual(['other.example', 'src.example', 'src.example']);
    const declared = [article('science', 0, { siteName: 'Declared' }), article('science', 1), other(2)];
    expect(buildSiteIndex(declared, config).sourceName('src.example')).toBe('Declared');
    expect(buildSiteIndex(declared, config, health({ feedTitles: ['Source: Science', 'Source: Space'] })).sourceName('src.example')).toBe('Source');
    const named = parseConfig({ ...config, topics: [{ slug: 'science', name: 'Science', sources: [{ kind: 'feed', url: 'https://www.src.example/feed', name: 'Owner Name' }] }] });
    expect(buildSiteIndex(declared, named, health({ feedTitles: ['Source'] })).articles.map((a) => a.source)).toEqual(['other.example', 'Owner Name', 'Owner Name']);
  });

  it("changes the keys of a renamed source's pages only", () => {
    const keys = (h: SourceHealth[]) => new Map(keyedPages(buildSiteIndex(entries, config, h), 'p').pages.map((p) => [p.file, p.key]));
    const before = keys([]);
    const after = keys(health({ siteName: 'Source' }));
    const changed = [...before].filter(([file, key]) => after.get(file) !== key).map(([file]) => file);
    expect(changed).toContain('science/a0/index.html');
    expect(changed).toContain('science/page/1/index.html');
    expect(changed).not.toContain('science/a2/index.html');
  });
});

describe('a story that grows', () => {
  it('re-renders its tellings\' pages, its story page and the lists that show the new article, nothing else', () => {
    // Nine articles; 1, 4 and 6 (positions) tell one story, led by 1 (id 2).
    const story = (position: number) => article('science', position, { cluster: 2, url: `https://outlet${position}.example/${position}`, canonical: `https://outlet${position}.example/${position}` });
    const before = Array.from({ length: 9 }, (_, i) => ([1, 4, 6].includes(i) ? story(i) : article('science', i)));
    const after = [...before, story(9)];
    const keys = (entries: ArticleInput[]) => new Map(keyedPages(buildSiteIndex(entries, config), 'p').pages.map((p) => [p.file, p.key]));
    const old = keys(before);
    const changed = [...keys(after)].filter(([file, key]) => old.get(file) !== key).map(([file]) => file).sort();
    expect(changed).toEqual(
      [
        // The new telling's pages; the earlier tellings' pages, which list the story's tellings.
        'science/a9/index.html', 'amp/science/a9/index.html',
        'science/a1/index.html', 'science/a4/index.html', 'science/a6/index.html',
        // Its story's page, the archive page the new article opens (page 4 of 3 a page), the story
        // archive page that lists the story and the day's edition (still open) that shows it.
        'stories/2/index.html', 'science/page/4/index.html', 'stories/page/1/index.html', 'daily/2024-01-01/index.html',
      ].concat([...keys(after).keys()].filter((f) => f.startsWith('sitemaps/') && old.get(f) !== keys(after).get(f))).sort(),
    );
    // The tellings' AMP pages and every other article's page stay as they were.
    for (const n of [0, 2, 3, 5, 7, 8]) expect(changed).not.toContain(`science/a${n}/index.html`);
    expect(changed).not.toContain('amp/science/a1/index.html');
  });
});

describe('a large story', () => {
  const story = (position: number, title = `science ${position}`) => article('science', position, { cluster: 1, title, url: `https://outlet${position}.example/${position}`, canonical: `https://outlet${position}.example/${position}` });
  const keys = (entries: ArticleInput[]) => new Map(keyedPages(buildSiteIndex(entries, config), 'p').pages.map((p) => [p.file, p.key]));
  const changedBetween = (before: ArticleInput[], after: ArticleInput[]) => {
    const old = keys(before);
    return [...keys(after)].filter(([file, key]) => old.get(file) !== key).map(([file]) => file);
  };

  it("keeps its older tellings' pages as they were when it grows: they list its first tellings (ARTICLE_PAGE_TELLINGS), and the story's page lists them all", () => {
    const before = Array.from({ length: 9 }, (_, i) => story(i));
    const changed = changedBetween(before, [...before, story(9)]);
    expect(changed).toContain('science/a9/index.html');
    expect(changed).toContain('stories/1/index.html');
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8]) expect(changed).not.toContain(`science/a${n}/index.html`);
  });

  it('an article page lists the first tellings but its own, oldest first, and the story page', () => {
    const index = buildSiteIndex(Array.from({ length: 9 }, (_, i) => story(i)), config);
    const listed = (n: number) => articlePageProps(index, `science/a${n}`).story!.tellings.map((a) => a.id);
    expect(listed(8)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `science/a${n}`));
    expect(listed(2)).toEqual([0, 1, 3, 4, 5, 6].map((n) => `science/a${n}`));
    expect(articlePageProps(index, 'science/a8').story!.path).toBe('/stories/1/');
  });

  it('a related article that is a telling the note lists is not listed again; one it does not list is', () => {
    const a8 = story(8);
    const entries = [...Array.from({ length: 8 }, (_, i) => story(i)), { ...a8, data: { ...a8.data, related: ['science/a0', 'science/a7'] } }];
    const props = articlePageProps(buildSiteIndex(entries, config), 'science/a8');
    expect(props.story!.tellings.map((a) => a.id)).toContain('science/a0');
    expect(props.related.map((a) => a.id)).toEqual(['science/a7']);
  });

  it("re-renders every telling's page while a new one is among its first tellings", () => {
    const before = Array.from({ length: 4 }, (_, i) => story(i));
    const changed = changedBetween(before, [...before, story(4)]);
    for (const n of [0, 1, 2, 3, 4]) expect(changed).toContain(`science/a${n}/index.html`);
  });

  it("keys an article page by the tellings it lists, not by every member: a first telling's new title re-renders the pages that list it, a later one's only its own and the story's", () => {
    const before = Array.from({ length: 9 }, (_, i) => story(i));
    const first = changedBetween(before, [story(0, 'A new headline for the oldest telling'), ...before.slice(1)]);
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8]) expect(first).toContain(`science/a${n}/index.html`);
    const later = changedBetween(before, [...before.slice(0, 8), story(8, 'A new headline for the newest telling')]);
    expect(later).toContain('stories/1/index.html');
    expect(later).toContain('science/a8/index.html');
    // a9 does not exist; a8 is no one's older neighbour here, and no page lists it among the first tellings.
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7]) expect(later).not.toContain(`science/a${n}/index.html`);
  });
});

describe('an article feed item of a story', () => {
  it('carries the story\'s page and the other outlets\' headlines; an article of no story carries neither', () => {
    const story = (position: number) => article('science', position, { cluster: 1, title: `Telling ${position}`, url: `https://outlet${position}.example/${position}`, canonical: `https://outlet${position}.example/${position}` });
    const index = buildSiteIndex([story(0), story(1), story(2), article('science', 3)], config);
    const [member, alone] = [index.article('science/a1')!, index.article('science/a3')!];
    const html = feedItem(index, member, '<p>Body.</p>').contentHtml!;
    expect(html).toContain('One of 3 reports of this story (<a href="https://news.example.com/stories/1/">the whole story</a>)');
    expect(html).toContain('>Telling 0</a>');
    expect(html).toContain('>Telling 2</a>');
    expect(html).not.toContain('>Telling 1</a>');
    expect(feedItem(index, alone, '<p>Body.</p>').contentHtml).not.toContain('reports of this story');
  });
});

describe('search shard keys', () => {
  // A shard is indexed again when its key changes (search.ts): the key must change with anything a record shows, in that shard only.
  const entries = () => Array.from({ length: 9 }, (_, i) => article('science', i, { tags: ['Rockets'] }));
  const keys = (list: ArticleInput[], health: SourceHealth[] = []) => searchShards(buildSiteIndex(list, config, health), 'p', 3).map((s) => s.key);
  const before = keys(entries());

  it('are the same for the same content', () => {
    expect(keys(entries())).toEqual(before);
  });

  it.each<[string, Partial<FrontmatterInput>]>([
    ['title', { title: 'A new title' }],
    ['story', { cluster: 1 }],
    ['image', { image: { src: 'https://src.example/i.jpg' } }],
    ['tags', { tags: ['Rockets', 'Moon'] }],
  ])('change in the shard of an article whose %s changed, and only there', (_, change) => {
    const list = entries();
    list[4] = article('science', 4, { tags: ['Rockets'], ...change });
    const after = keys(list);
    // Oldest first, three to a shard: the fifth article is in the second.
    expect(after.map((k, i) => k === before[i])).toEqual([true, false, true]);
  });

  it('change where a changed body is', () => {
    const list = entries();
    list[7] = { ...list[7]!, bodySha: 'y' };
    expect(keys(list).map((k, i) => k === before[i])).toEqual([true, true, false]);
  });
});
