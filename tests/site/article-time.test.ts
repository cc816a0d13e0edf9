import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema, type FrontmatterInput } from '../../crawler/publish/frontmatter.ts';
import { articleDateText, articleMs, articleTime, articleUpdated } from '../../site/model/article-time.ts';
import { lazyFrontmatter } from '../../site/builder/frontmatter-facts.ts';
import { feedItem } from '../../site/outputs/feed-data.ts';
import { buildSiteIndex, type ArticleInput } from '../../site/model/site-index.ts';
import { sitemapFiles } from '../../site/outputs/sitemap-data.ts';

// Cards, search, feeds and sitemaps show each article's own time: its source's date, else when
// the crawler found it; never the one time of the run that published a batch.

const RUN = '2026-05-02T10:00:07.500Z';

function entry(i: number, over: Partial<FrontmatterInput>): ArticleInput {
  return {
    id: `science/a${i}`,
    file: `content/science/a${i}.md`,
    bodySha: 'x',
    data: frontmatterSchema.parse({
      id: i + 1,
      title: `A${i}`,
      url: `https://src.example/${i}`,
      canonical: `https://src.example/${i}`,
      fetched: `2026-05-02T10:00:0${i}.${100 + i}Z`,
      topic: 'science',
      page: 1,
      position: i,
      publishedOnSite: RUN,
      wordCount: 400,
      readingTime: 2,
      ...over,
    }),
  };
}

const config = parseConfig({ site: { title: 'T', url: 'https://news.example.com' }, topics: [{ slug: 'science', name: 'Science', sources: ['https://a.example/feed'] }] });

describe("an article's own time", () => {
  it("is the source's date, else when it was found, said as such", () => {
    expect(articleTime({ published: '2026-04-30T08:00:00Z', fetched: RUN })).toEqual({ iso: '2026-04-30T08:00:00Z', found: false });
    expect(articleTime({ published: null, fetched: RUN })).toEqual({ iso: RUN, found: true });
    expect(articleTime({ published: 'not a date', fetched: RUN })).toEqual({ iso: RUN, found: true });
    const utc = { language: 'en', timeZone: 'UTC' };
    expect(articleDateText({ published: null, fetched: RUN }, utc).text).toMatch(/^Found May 2, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(articleDateText({ published: '2026-04-30T08:00:00Z', fetched: RUN }, utc).text).toMatch(/^Apr 30, 2026, 8:00\sAM$/);
    // In the site's time zone: the same moment is the next day in Tokyo.
    expect(articleDateText({ published: '2026-04-30T20:30:00Z', fetched: RUN }, { language: 'en-GB', timeZone: 'Asia/Tokyo' }).text).toBe('1 May 2026, 05:30');
  });

  it('does not believe a source date days after the page was fetched', () => {
    expect(articleTime({ published: '2027-01-01T00:00:00Z', fetched: RUN }).found).toBe(true);
  });

  it("is updated by the source's modified date when later, and only then", () => {
    expect(articleUpdated({ published: '2026-04-30T08:00:00Z', modified: '2026-05-01T09:00:00Z', fetched: RUN })).toBe('2026-05-01T09:00:00Z');
    expect(articleUpdated({ published: '2026-04-30T08:00:00Z', modified: '2026-04-01T00:00:00Z', fetched: RUN })).toBe('2026-04-30T08:00:00Z');
  });

  it("gives a run's articles distinct feed times even with no source dates, to the millisecond", () => {
    const index = buildSiteIndex([0, 1, 2].map((i) => entry(i, {})), config);
    const items = index.articles.map((a) => feedItem(index, a, '<p>x</p>'));
    expect(new Set(items.map((i) => i.updated)).size).toBe(3);
    expect(items.every((i) => i.published !== RUN)).toBe(true);
  });

  it("writes an article's modified date as its sitemap lastmod", () => {
    const index = buildSiteIndex([entry(0, { published: '2026-04-30T08:00:00Z', modified: '2026-05-01T09:30:00Z' }), entry(1, { published: '2026-04-29T08:00:00Z' })], config);
    const urls = sitemapFiles(index).find((f) => f.name.startsWith('articles-'))!.urls;
    const lastmod = Object.fromEntries(urls.map((u) => [u.loc, u.lastmod]));
    expect(lastmod['https://news.example.com/science/a0/']).toBe('2026-05-01T09:30:00Z');
    expect(lastmod['https://news.example.com/science/a1/']).toBe('2026-04-29T08:00:00Z');
  });

  it("is the same for the planning process's frontmatter, which holds the time itself, as for a parsed one", () => {
    const cases = [
      entry(0, { published: '2026-05-01T09:00:00Z' }),
      entry(1, { published: null }),
      entry(2, { published: '2026-06-30T00:00:00Z' }),
      // As the publisher writes them: whole seconds, and the crawler's clock to the millisecond.
      entry(3, { published: '2026-05-01T09:00:00.000Z', fetched: '2026-05-02T10:00:03.000Z' }),
      entry(4, { published: null, fetched: '2026-05-02T10:00:04.250Z' }),
      entry(5, { published: '2039-01-01T00:00:00.000Z', fetched: '2039-01-01T00:00:01.000Z' }),
    ];
    for (const { data } of cases) {
      const lazy = lazyFrontmatter(data, 'file', () => data);
      // Asked twice: first made, then read from where it is held.
      for (let round = 0; round < 2; round++) {
        expect([articleMs(lazy), articleTime(lazy), articleUpdated(lazy)]).toEqual([articleMs(data), articleTime(data), articleUpdated(data)]);
      }
    }
  });

  it("gives the planning process's frontmatter's dates back as written, whatever they are", () => {
    const texts = [
      '2026-01-05T11:01:48.000Z',
      '2026-01-05T11:01:48.123Z',
      '2024-02-29T00:00:00.000Z',
      '2000-02-29T00:00:00.000Z',
      // Texts no number gives back: a day past the month's end (Date.UTC rolls it over), hour 24, another form, a time before 1970.
      '2026-02-29T00:00:00.000Z',
      '2100-02-29T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-05T11:01:48Z',
      '2026-01-05T11:01:48+01:00',
      '1969-12-31T23:59:59.000Z',
      '1970-01-01T00:00:01.500Z',
      '2039-06-01T12:00:00.000Z',
      'not a date',
    ];
    for (const text of texts) {
      const { data } = entry(0, { published: text, fetched: text });
      const lazy = lazyFrontmatter(data, 'file', () => data);
      expect([lazy.published, lazy.fetched]).toEqual([text, text]);
      expect(articleMs(lazy)).toBe(articleMs(data));
    }
  });
});
