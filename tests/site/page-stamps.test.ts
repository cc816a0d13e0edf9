import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema, type FrontmatterInput } from '../../crawler/publish/frontmatter.ts';
import { buildSiteIndex, type ArticleInput } from '../../site/model/site-index.ts';
import { keyedPages, type KnownKeys } from '../../site/builder/page-keys.ts';
import type { SourceHealth } from '../../site/builder/data/sources.ts';

// An hourly build keys again only the article pages whose stamps changed (page-keys.ts) and keeps
// the recorded key of every other one. Whatever changed between two builds, the keys it then
// has must be the keys a build that keyed every page would have: each case below changes one
// thing an article page shows of another article, its story or the site.

const config = parseConfig({
  site: { title: 'T', url: 'https://news.example.com' },
  topics: [{ slug: 'science', name: 'Science', sources: ['https://a.example/feed'] }],
  publish: { pageSize: 3, relatedCount: 2, minTagArticles: 2 },
});

function article(position: number, extra: Partial<FrontmatterInput> = {}): ArticleInput {
  const at = Date.UTC(2024, 0, 1) + position * 3_600_000;
  const data = frontmatterSchema.parse({
    id: position + 1,
    title: `Article ${position}`,
    url: `https://outlet${position % 3}.example/${position}`,
    canonical: `https://outlet${position % 3}.example/${position}`,
    fetched: new Date(at).toISOString(),
    topic: 'science',
    page: Math.floor(position / 3) + 1,
    position,
    publishedOnSite: new Date(at).toISOString(),
    wordCount: 500,
    readingTime: 2,
    tags: ['Climate'],
    // Each article is related to the two before it; 2, 5 and 8 tell one story.
    related: [position - 1, position - 2].filter((n) => n >= 0).map((n) => `science/a${n}`),
    cluster: [5, 8].includes(position) ? 3 : null,
    ...extra,
  });
  return { id: `science/a${position}`, data, file: `content/science/a${position}.md`, bodySha: `body-${position}` };
}

const site = Array.from({ length: 10 }, (_, i) => article(i));
const health = (host: string, siteName: string): SourceHealth[] => [
  { host, feeds: [], lastRead: null, lastError: null, failures: 0, failingReads: 0, icon: null, learned: { feedTitles: [], siteName, applicationName: null, titleSuffix: null } },
];

/** The last build's stamps and keys, as the build memory would hold them after building `entries`. */
function built(entries: ArticleInput[], sources: SourceHealth[] = [], prefix = 'p'): KnownKeys {
  const keyed = keyedPages(buildSiteIndex(entries, config, sources), prefix);
  return { stamps: new Map(keyed.stamps.set), keys: new Map(keyed.pages.map((p) => [p.file, p.key])) };
}

const keysOf = (pages: Array<{ file: string; key: string }>) => Object.fromEntries(pages.map((p) => [p.file, p.key]));

describe('article page keys an hourly build keeps', () => {
  let verify: string | undefined;
  beforeEach(() => {
    verify = process.env.GLEANER_VERIFY_KEYS;
    delete process.env.GLEANER_VERIFY_KEYS;
  });
  afterEach(() => {
    if (verify === undefined) delete process.env.GLEANER_VERIFY_KEYS;
    else process.env.GLEANER_VERIFY_KEYS = verify;
  });

  const cases: Array<[string, ArticleInput[], SourceHealth[]]> = [
    ['a new article', [...site, article(10)], []],
    ['a related article retitled', site.map((a, i) => (i === 4 ? article(4, { title: 'A new headline' }) : a)), []],
    ['an article removed (its newer neighbour and the articles related to it)', site.filter((_, i) => i !== 6), []],
    ['a story that gains a telling', [...site, article(10, { cluster: 3 })], []],
    ['a telling of a story edited', site.map((a, i) => (i === 5 ? article(5, { title: 'Retold' }) : a)), []],
    ['a source that learned its name', site, health('outlet1.example', 'Outlet One')],
    ['a tag whose spelling changed by majority', [...site, ...[10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((i) => article(i, { tags: ['climate'] }))], []],
    ['a body edited', site.map((a, i) => (i === 3 ? { ...a, bodySha: 'edited' } : a)), []],
  ];

  it.each(cases)('%s: the same keys as keying every page', (_, after, sources) => {
    const index = buildSiteIndex(after, config, sources);
    const full = keyedPages(index, 'p');
    const kept = keyedPages(buildSiteIndex(after, config, sources), 'p', built(site));
    expect(keysOf(kept.pages)).toEqual(keysOf(full.pages));
    // And the next build starts from the stamps this one records.
    const known = built(site);
    const next = new Map(known.stamps);
    for (const [id, stamp] of kept.stamps.set) next.set(id, stamp);
    for (const id of kept.stamps.deleted) next.delete(id);
    expect(Object.fromEntries(next)).toEqual(Object.fromEntries(full.stamps.set));
  });

  it('keeps the recorded key of a page nothing changed for (so a recorded key that is wrong shows through), and GLEANER_VERIFY_KEYS then fails', () => {
    const known = built(site);
    const wrong: KnownKeys = { stamps: known.stamps, keys: new Map([...known.keys].map(([file, key]) => [file, file === 'science/a1/index.html' ? 'stale' : key])) };
    const kept = keyedPages(buildSiteIndex([...site, article(10)], config), 'p', wrong);
    expect(keysOf(kept.pages)['science/a1/index.html']).toBe('stale');
    process.env.GLEANER_VERIFY_KEYS = '1';
    expect(() => keyedPages(buildSiteIndex([...site, article(10)], config), 'p', wrong)).toThrow(/science\/a1\/index\.html: its stamps are unchanged but its key is not/);
  });
});
