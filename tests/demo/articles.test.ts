import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ARTICLES_DIR, loadArticles, MIN_ARTICLE_WORDS } from '../../scripts/dev/demo/load-articles.ts';
import { SITE_IDS, TOPICS } from '../../scripts/dev/demo/types.ts';
import { BAD_ARTICLES, FIXTURE_ARTICLES } from './http.ts';

describe('loadArticles', () => {
  it('loads the fixtures, sorted by date, placed on their sites', () => {
    const { articles, problems } = loadArticles(FIXTURE_ARTICLES);
    expect(problems).toEqual([]);
    expect(articles).toHaveLength(7);
    expect(articles.map((a) => a.date.getTime())).toEqual([...articles.map((a) => a.date.getTime())].sort((a, b) => a - b));
    const comets = articles.find((a) => a.slug === 'how-comets-get-their-tails')!;
    expect(comets.url).toBe('http://orbitalnotes.test/2026/03/how-comets-get-their-tails/');
    expect(comets.image.url).toBe('http://orbitalnotes.test/wp-content/uploads/2026/03/how-comets-get-their-tails-1200x630.jpg');
    expect(comets.bodyHtml).toContain('<h2>Two tails, two causes</h2>');
    expect(comets.words).toBeGreaterThanOrEqual(MIN_ARTICLE_WORDS);
    expect(articles.find((a) => a.site === 'dailyparallax' && a.topic === 'software')!.path).toBe('/section/software/what-a-stack-trace-cannot-tell-you');
  });

  it('explains every unusable or suspicious file and keeps going', () => {
    const { articles, problems } = loadArticles(BAD_ARTICLES);
    expect(articles.map((a) => a.file)).toEqual(['climate/01-too-short.md']);
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('space/01-no-frontmatter.md'))).toMatch(/no frontmatter/);
    expect(problems.find((p) => p.startsWith('space/02-wrong-site.md'))).toMatch(/does not publish topic "space"/);
    expect(problems.find((p) => p.startsWith('climate/01-too-short.md'))).toMatch(/only 11 words/);
    expect(problems.find((p) => p.startsWith('climate/02-bad-date.md'))).toMatch(/date is not a date/);
  });

  it('reports a missing folder instead of failing', () => {
    const { articles, problems } = loadArticles('/nonexistent/articles/');
    expect(articles).toEqual([]);
    expect(problems[0]).toMatch(/not found/);
  });
});

// The writers' articles in scripts/dev/demo/articles/: every file must load cleanly and be long enough.
describe.skipIf(!existsSync(DEFAULT_ARTICLES_DIR))('scripts/dev/demo/articles', () => {
  it('loads without problems, every site and topic has articles, and no URL repeats', () => {
    const { articles, problems } = loadArticles();
    expect(problems).toEqual([]);
    for (const site of SITE_IDS) expect(articles.some((a) => a.site === site), site).toBe(true);
    for (const topic of TOPICS) expect(articles.some((a) => a.topic === topic), topic).toBe(true);
    expect(new Set(articles.map((a) => a.url)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
  });
});
