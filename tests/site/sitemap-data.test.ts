import { describe, expect, it } from 'vitest';
import { parseConfig, type UserConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema } from '../../crawler/publish/frontmatter.ts';
import { articleCanonical, languageAlternates } from '../../site/html/page-data.ts';
import { buildSiteIndex, type ArticleInput } from '../../site/model/site-index.ts';
import { sitemapFiles } from '../../site/outputs/sitemap-data.ts';
import { newestLastmod } from '../../site/outputs/sitemap.ts';

function entries(count: number): ArticleInput[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `science/a${i}`,
    file: `content/science/a${i}.md`,
    bodySha: 'x',
    data: frontmatterSchema.parse({
      id: i + 1,
      title: `A${i}`,
      url: `https://src.example/${i}`,
      canonical: `https://src.example/canonical/${i}`,
      fetched: '2024-01-01T00:00:00Z',
      lang: i === 0 ? 'fr' : 'en',
      tags: ['Space'],
      topic: 'science',
      page: Math.floor(i / 2) + 1,
      position: i,
      publishedOnSite: new Date(Date.UTC(2024, 0, 1, i)).toISOString(),
      wordCount: 400,
      readingTime: 2,
    }),
  }));
}

function config(canonical: 'self' | 'source') {
  const input: UserConfig = { site: { title: 'T', url: 'https://news.example.com', canonical }, topics: [{ slug: 'science', name: 'Science', sources: ['https://a.example/feed'] }], publish: { pageSize: 2 } };
  return parseConfig(input);
}

describe('sitemap groups', () => {
  it("lists a topic's front and the archive pages it does not list, then its articles oldest first, then the site's pages and tags", () => {
    const index = buildSiteIndex(entries(4), config('self'));
    const files = sitemapFiles(index);
    expect(files.map((f) => f.name)).toEqual(['topic-science-1', 'articles-science-1', 'site-1', 'tags-1', 'sources-1', 'daily-1']);
    // The front lists page 2 whole: page 2 is the front's (its canonical) until page 3 fills.
    expect(files[0].urls.map((u) => u.loc)).toEqual(['https://news.example.com/science/', 'https://news.example.com/science/page/1/']);
    expect(files[1].urls.map((u) => u.loc)).toEqual([
      'https://news.example.com/science/a0/',
      'https://news.example.com/science/a1/',
      'https://news.example.com/science/a2/',
      'https://news.example.com/science/a3/',
    ]);
    // Page 3 exists (page 2 is full) but is empty: not worth a crawler's visit.
    expect(index.topicBySlug.get('science')!.pages.length).toBe(3);
    expect(files[0].urls[1].lastmod).toBe('2024-01-01T01:00:00Z');
    expect(files[3].urls).toEqual([{ loc: 'https://news.example.com/tags/space/' }]);
    // The sources index and a page per source host (of the articles and the configured sources), without lastmod.
    expect(files[4].urls[0]).toEqual({ loc: 'https://news.example.com/sources/' });
    expect(files[4].urls.every((u) => u.loc.startsWith('https://news.example.com/sources/') && !('lastmod' in u))).toBe(true);
    // The daily index and the one day's edition (all four found on 2024-01-01), without lastmod.
    expect(files[5].urls).toEqual([{ loc: 'https://news.example.com/daily/' }, { loc: 'https://news.example.com/daily/2024-01-01/' }]);
  });

  it('keeps the files of older articles as they are when articles are added: only the newest file of a topic grows', () => {
    const before = sitemapFiles(buildSiteIndex(entries(7), config('self')), 3);
    const after = sitemapFiles(buildSiteIndex(entries(8), config('self')), 3);
    const articles = (files: typeof before) => files.filter((f) => f.name.startsWith('articles-'));
    expect(articles(before).map((f) => f.name)).toEqual(['articles-science-1', 'articles-science-2', 'articles-science-3']);
    const shown = (files: typeof before) => files.map((f) => ({ name: f.name, urls: f.urls, newest: f.newest }));
    expect(shown(articles(after).slice(0, 2))).toEqual(shown(articles(before).slice(0, 2)));
    expect(articles(after)[2]!.urls).toHaveLength(2);
  });

  it("gives each file the newest lastmod of its URLs (the sitemap index's), whether its URLs were read first or not", () => {
    // Each article published an hour after the one before: its own time, and its URL's lastmod.
    const published = entries(7).map((e, i) => ({ ...e, data: { ...e.data, published: new Date(Date.UTC(2024, 0, 1, i)).toISOString() } }));
    const files = sitemapFiles(buildSiteIndex(published, config('self')), 3);
    const articleFiles = files.filter((f) => f.name.startsWith('articles-'));
    expect(articleFiles.map((f) => f.newest)).toEqual(['2024-01-01T02:00:00Z', '2024-01-01T05:00:00Z', '2024-01-01T06:00:00Z']);
    for (const file of files) expect(file.newest).toBe(newestLastmod(file.urls));
    expect(files.find((f) => f.name === 'site-1')!.newest).toBe('2024-01-01T06:00:00Z');
    expect(files.find((f) => f.name === 'tags-1')!.newest).toBeNull();
  });

  it('leaves article pages out and points canonicals at the source when the config says so', () => {
    const index = buildSiteIndex(entries(4), config('source'));
    expect(sitemapFiles(index)[0].urls.map((u) => u.loc)).not.toContain('https://news.example.com/science/a0/');
    const a0 = index.article('science/a0')!;
    expect(articleCanonical(index, a0)).toBe('https://src.example/canonical/0');
    expect(languageAlternates(index, a0)).toEqual([{ hreflang: 'fr', href: 'https://src.example/canonical/0' }]);
    const self = buildSiteIndex(entries(4), config('self'));
    expect(articleCanonical(self, self.article('science/a1')!)).toBe('https://news.example.com/science/a1/');
    expect(languageAlternates(self, self.article('science/a1')!)).toEqual([]);
  });
});
