import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema } from '../../crawler/publish/frontmatter.ts';
import { buildInputFiles } from '../../site/builder/input.ts';
import { writePageInput, type PageInput } from '../../site/builder/page-input.ts';
import { keyedPages } from '../../site/builder/page-keys.ts';
import type { ArticlePageProps } from '../../site/model/pages/article.ts';
import { decodePageData } from '../../site/model/pages/page-json.ts';
import { buildSiteIndex, type ArticleInput } from '../../site/model/site-index.ts';

// The build hands Astro the data of the pages it renders (site/builder/page-input.ts): what the
// child reads grows with the pages rendered, not with the site.

const ARTICLES = 400;
const config = parseConfig({
  site: { title: 'News', url: 'https://example.org/news', language: 'en' },
  topics: [{ slug: 'science', name: 'Science', sources: ['https://a.example/feed'] }],
  publish: { pageSize: 20 },
});
const root = mkdtempSync(join(tmpdir(), 'gleaner-page-input-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function article(i: number): ArticleInput {
  const id = `science/a${i}`;
  const file = `content/${id}.md`;
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), `---\ntitle: A${i}\n---\nBody of article ${i}.\n`);
  const at = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
  const data = frontmatterSchema.parse({
    id: i + 1,
    title: `Article ${i}`,
    url: `https://a.example/${i}`,
    canonical: `https://a.example/${i}`,
    fetched: at,
    topic: 'science',
    page: Math.floor(i / 20) + 1,
    position: i,
    publishedOnSite: at,
    wordCount: 100,
    readingTime: 1,
    tags: ['ice'],
    // Every tenth article is a second telling of the one before it; each names the one before as related.
    cluster: i % 10 === 1 ? i : null,
    related: i > 0 ? [`science/a${i - 1}`] : [],
  });
  return { id, data, file, bodySha: String(i) };
}

/** The articles the page-data file holds: its shared table's entries that are articles. */
function articlesIn(file: string): number {
  const table = JSON.parse(readFileSync(file, 'utf8').split('\n', 1)[0]!) as Array<Record<string, unknown>>;
  return table.filter((entry) => 'bodySha' in entry).length;
}

describe('writePageInput', () => {
  const index = buildSiteIndex(Array.from({ length: ARTICLES }, (_, i) => article(i)), config);
  const keyed = keyedPages(index, 'p').pages;

  it('writes the props of the pages to render only, and the always-rendered pages cut to what they show', async () => {
    mkdirSync(join(root, 'hourly'));
    const input = buildInputFiles(join(root, 'hourly'));
    const one = keyed.find((p) => p.route === 'article' && p.id === 'science/a391')!;
    await writePageInput(index, [one], input, { root, health: [] });

    const read = decodePageData<PageInput>(readFileSync(input.pages, 'utf8'));
    expect(read.keyed.article).toHaveLength(1);
    expect(read.keyed.amp).toEqual([]);
    const page = read.keyed.article[0] as { params: Record<string, string>; props: ArticlePageProps };
    expect(page.params).toEqual({ topic: 'science', slug: 'a391' });
    expect(page.props.article.id).toBe('science/a391');
    expect(page.props.topic).toEqual({ slug: 'science', name: 'Science' });
    // a391 tells a390's story: its related article is a telling, listed with the story, not again.
    expect(page.props.story).toEqual({ path: '/news/stories/391/', tellings: [expect.objectContaining({ id: 'science/a390' })] });
    expect(page.props.related).toEqual([]);
    expect(page.props.older).toEqual({ path: '/news/science/a390/', title: 'Article 390' });

    // Fronts, feeds and source pages show their newest: a part of the site.
    expect(articlesIn(input.pages)).toBeLessThan(ARTICLES / 2);

    // The endpoints' documents are files of their own beside it, not part of it: a feed carries whole bodies.
    expect(read.documents).toContain('rss.xml');
    expect(read.documents).toContain('science/feed.json');
    for (const path of read.documents) expect(readFileSync(join(input.documents, path), 'utf8').length, path).toBeGreaterThan(0);
    expect(readFileSync(join(input.documents, 'rss.xml'), 'utf8')).toContain('<rss');
    expect(readFileSync(input.pages, 'utf8')).not.toContain('<rss');
  });

  it('a cold build hands every page its props, each article written once', async () => {
    mkdirSync(join(root, 'cold'));
    const input = buildInputFiles(join(root, 'cold'));
    await writePageInput(index, keyed, input, { root, health: [] });
    const read = decodePageData<PageInput>(readFileSync(input.pages, 'utf8'));
    expect(read.keyed.article).toHaveLength(ARTICLES);
    expect(read.keyed.amp).toHaveLength(ARTICLES);
    // Each article once, though its page, its AMP page, an archive page and a tag page show it.
    expect(articlesIn(input.pages)).toBe(ARTICLES);
  });
});
