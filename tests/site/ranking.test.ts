import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema } from '../../crawler/publish/frontmatter.ts';
import { topNews } from '../../site/model/front-page.ts';
import { newsClock, storyScore } from '../../site/model/ranking.ts';
import { buildSiteIndex, type ArticleInput } from '../../site/model/site-index.ts';

// What leads a front: outlets^breadth / (hours + 2)^gravity, the hours from a story's newest
// telling to the site's newest article (README, "Ranking"), and the owner's settings move it.

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 20);

function config(ranking?: { gravity: number; breadth: number }) {
  return parseConfig({ site: { title: 'T', url: 'https://news.example.com' }, topics: [{ slug: 'news', name: 'News', sources: ['https://a.example/feed'] }], publish: { pageSize: 10, ...(ranking ? { ranking } : {}) } });
}

/** Article n of an outlet, told `hours` after START; `cluster` puts it in a story. */
function article(n: number, outlet: string, hours: number, cluster: number | null = null): ArticleInput {
  const at = new Date(START + hours * HOUR).toISOString();
  const data = frontmatterSchema.parse({
    id: n, title: `Article ${n}`, url: `https://${outlet}.example/${n}`, canonical: `https://${outlet}.example/${n}`, published: at, fetched: at,
    topic: 'news', page: 1, position: n - 1, publishedOnSite: at, wordCount: 400, readingTime: 2, cluster,
  });
  return { id: `news/a${n}`, data, file: `content/news/a${n}.md`, bodySha: 'x' };
}

// A story four outlets told, the last 12 hours before the site's newest article; one-outlet pieces 1 hour before it and at it.
const entries = [article(1, 'one', 0), article(2, 'two', 2, 1), article(3, 'three', 4, 1), article(4, 'four', 12, 1), article(5, 'five', 23), article(6, 'six', 24)];

describe('ranking', () => {
  it('scores breadth against freshness as the README says', () => {
    expect(storyScore(4, 12, { gravity: 1.2, breadth: 1.5 })).toBeGreaterThan(storyScore(1, 1, { gravity: 1.2, breadth: 1.5 }));
    expect(storyScore(4, 12, { gravity: 1.8, breadth: 1.5 })).toBeLessThan(storyScore(1, 1, { gravity: 1.8, breadth: 1.5 }));
    expect(storyScore(1, 0, { gravity: 1.2, breadth: 1.5 })).toBeCloseTo(1 / 2 ** 1.2);
  });

  it('keeps the clock of the content: the newest article, not the wall clock', () => {
    expect(newsClock(buildSiteIndex(entries, config()))).toBe(START + 24 * HOUR);
  });

  it('leads with the fresh piece by default, with the story four outlets told when the owner weighs breadth more; each story once', () => {
    // Defaults: the piece of this hour scores 1 / 2^1.2 = 0.44, the story 12 hours old 4^1.5 / 14^1.2 = 0.34.
    const byDefault = topNews(buildSiteIndex(entries, config()), 10);
    expect(byDefault.map((item) => item.lead.id)).toEqual(['news/a6', 'news/a1', 'news/a5']);
    expect(byDefault[1]!.outlets).toBe(4);
    expect(byDefault[1]!.members.map((m) => m.id).sort()).toEqual(['news/a1', 'news/a2', 'news/a3', 'news/a4']);
    const broad = topNews(buildSiteIndex(entries, config({ gravity: 1.2, breadth: 2.5 })), 10);
    expect(broad.map((item) => item.lead.id)).toEqual(['news/a1', 'news/a6', 'news/a5']);
  });
});
