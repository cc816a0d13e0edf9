import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema, type FrontmatterInput } from '../../crawler/publish/frontmatter.ts';
import { buildSiteIndex, type ArticleInput } from '../../site/model/site-index.ts';
import { keyedPages, type ArticleStamp, type KnownKeys } from '../../site/builder/page-keys.ts';
import type { SourceHealth } from '../../site/builder/data/sources.ts';
import { ManifestStore } from '../../site/builder/manifest.ts';
import { openMemory } from '../../site/builder/memory.ts';
import { keyAndChoose } from '../../site/builder/page-selection.ts';

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
function built(entries: ArticleInput[], sources: SourceHealth[] = [], prefix = 'p'): KnownKeys & { keys: Map<string, string> } {
  const keyed = keyedPages(buildSiteIndex(entries, config, sources), prefix);
  const keys = new Map(keyed.pages.map((p) => [p.file, p.key]));
  return { stamps: new Map(keyed.stamps.set.map(([id, stamp]) => [id, { ...stamp, paged: true }])), keys, key: (file) => keys.get(file) };
}

/** Every page's key after a build that kept some: those it kept are the recorded ones. */
const keysAfter = (site: ReturnType<typeof keyedPages>, known: { keys: Map<string, string> }) => ({
  ...Object.fromEntries(site.kept.map((p) => [p.file, known.keys.get(p.file)])),
  ...keysOf(site.pages),
});

const keysOf = (pages: Array<{ file: string; key: string }>) => Object.fromEntries(pages.map((p) => [p.file, p.key]));

/** Each changes one thing an article page shows of another article, its story or the site. */
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


  it.each(cases)('%s: the same keys as keying every page', (_, after, sources) => {
    const index = buildSiteIndex(after, config, sources);
    const full = keyedPages(index, 'p');
    const known = built(site);
    const kept = keyedPages(buildSiteIndex(after, config, sources), 'p', known);
    expect(keysAfter(kept, known)).toEqual(keysOf(full.pages));
    // And the next build starts from the stamps this one records.
    const next = new Map<string, ArticleStamp>([...known.stamps].map(([id, { paged: _, ...stamp }]) => [id, stamp]));
    for (const [id, stamp] of kept.stamps.set) next.set(id, stamp);
    for (const id of kept.stamps.deleted) next.delete(id);
    expect(Object.fromEntries(next)).toEqual(Object.fromEntries(full.stamps.set));
  });

  it('keeps the recorded key of a page nothing changed for (so a recorded key that is wrong shows through), and GLEANER_VERIFY_KEYS then fails', () => {
    const known = built(site);
    const keys = new Map([...known.keys].map(([file, key]) => [file, file === 'science/a1/index.html' ? 'stale' : key]));
    const wrong = { stamps: known.stamps, keys, key: (file: string) => keys.get(file) };
    const kept = keyedPages(buildSiteIndex([...site, article(10)], config), 'p', wrong);
    expect(keysAfter(kept, wrong)['science/a1/index.html']).toBe('stale');
    process.env.GLEANER_VERIFY_KEYS = '1';
    expect(() => keyedPages(buildSiteIndex([...site, article(10)], config), 'p', wrong)).toThrow(/science\/a1\/index\.html: its stamps are unchanged but its key is not/);
  });
});

describe('the pages an hourly build renders, from the build memory', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-page-selection-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A build memory after a whole build of `entries`: every page's key and every article's stamp, as the merge records them. */
  function memoryAfter(entries: ArticleInput[]): ManifestStore {
    const manifest = new ManifestStore(openMemory(join(dir, 'memory.sqlite')));
    const keyed = keyedPages(buildSiteIndex(entries, config), 'p');
    manifest.begin();
    for (const page of keyed.pages) manifest.setPage(page.file, page.key);
    for (const [id, stamp] of keyed.stamps.set) manifest.setStamp(id, stamp);
    manifest.commit();
    return manifest;
  }

  /** What the build chose before the selection read keys by need: every recorded key held, every page keyed. */
  function wholeSelection(manifest: ManifestStore, after: ArticleInput[]) {
    const recorded = new Map(manifest.pages());
    const keyed = keyedPages(buildSiteIndex(after, config), 'p').pages;
    const now = new Set(keyed.map((p) => p.file));
    return { toRender: keyed.filter((p) => recorded.get(p.file) !== p.key).map((p) => `${p.file} ${p.key}`).sort(), stale: [...recorded.keys()].filter((f) => !now.has(f)).sort() };
  }

  const hourly = { cold: false, slice: false, always: [] as string[], mine: () => true, missing: () => false };

  it.each(cases.filter(([, , sources]) => sources.length === 0))('%s: the same pages to render and the same stale pages as reading every recorded key', (name, after) => {
    const manifest = memoryAfter(site);
    const expected = wholeSelection(manifest, after);
    // Only the pages no stamp speaks for are read whole: no article page.
    expect([...manifest.unstampedPages()].filter(([f]) => /^(amp\/)?science\/a\d+\/index\.html$/.test(f))).toEqual([]);
    const chosen = keyAndChoose(buildSiteIndex(after, config), 'p', manifest, hourly);
    expect({ toRender: chosen.toRender.map((p) => `${p.file} ${p.key}`).sort(), stale: [...chosen.stale].sort() }).toEqual(expected);
    // A new article touches its own pages and its newer neighbours' listings, not the oldest article's.
    if (name === 'a new article') expect(chosen.keyed.kept.map((p) => p.file)).toEqual(expect.arrayContaining(['science/a0/index.html', 'amp/science/a0/index.html']));
    manifest.close();
  });

  it('keeps no key for an article whose page or AMP page is not recorded, and reads such pages whole', () => {
    const manifest = memoryAfter(site);
    manifest.begin();
    manifest.deletePage('amp/science/a4/index.html');
    manifest.commit();
    const stamps = manifest.stamps();
    expect(stamps.get('science/a4')?.paged).toBe(false);
    expect(stamps.get('science/a5')?.paged).toBe(true);
    const chosen = keyAndChoose(buildSiteIndex(site, config), 'p', manifest, hourly);
    expect(chosen.keyed.pages.map((p) => p.file)).toContain('amp/science/a4/index.html');
    expect(chosen.toRender.map((p) => p.file)).toEqual(['amp/science/a4/index.html']);
    expect(chosen.stale).toEqual([]);
    manifest.close();
  });

  it('renders a kept page again, with its recorded key, when its file is missing from dist/ (an incremental build)', () => {
    const manifest = memoryAfter(site);
    const missing = 'science/a2/index.html';
    const chosen = keyAndChoose(buildSiteIndex(site, config), 'p', manifest, { ...hourly, always: [missing], missing: (f) => f === missing });
    expect(chosen.keyed.kept.map((p) => p.file)).toContain(missing);
    expect(chosen.toRender).toEqual([{ route: 'article', id: 'science/a2', file: missing, key: manifest.pageKey(missing) }]);
    expect(chosen.nowKeyed).toEqual([missing]);
    manifest.close();
  });

  it('a cold build renders every page it keys and finds none stale; a slice keys every page of its own', () => {
    const manifest = memoryAfter(site);
    const all = keyedPages(buildSiteIndex(site, config), 'p').pages.length;
    const cold = keyAndChoose(buildSiteIndex(site, config), 'p', manifest, { ...hourly, cold: true });
    expect([cold.toRender.length, cold.keyed.kept.length, cold.stale]).toEqual([all, 0, []]);
    const slice = keyAndChoose(buildSiteIndex(site, config), 'p', manifest, { ...hourly, slice: true, mine: (f) => f.startsWith('amp/') });
    expect(slice.keyed.kept).toEqual([]);
    expect(slice.toRender).toEqual([]);
    manifest.close();
  });
});
