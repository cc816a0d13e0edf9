// search.test: a SearXNG-compatible JSON endpoint over the sample-web articles.
import type { DemoArticle } from './types.ts';

export interface SearchResult {
  url: string;
  title: string;
  content: string;
  engine: string;
  engines: string[];
  score: number;
  category: string;
  publishedDate: string;
}

export interface SearchResponse {
  query: string;
  number_of_results: number;
  results: SearchResult[];
  answers: string[];
  corrections: string[];
  infoboxes: unknown[];
  suggestions: string[];
  unresponsive_engines: unknown[];
}

export const MAX_RESULTS = 10;

/** Articles whose title or body contains every word of the query (case-insensitive), best first. */
export function search(articles: DemoArticle[], query: string): SearchResponse {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const scored: Array<{ article: DemoArticle; score: number }> = [];
  if (words.length > 0) {
    for (const article of articles) {
      const title = article.title.toLowerCase();
      const body = article.text.toLowerCase();
      if (!words.every((w) => title.includes(w) || body.includes(w))) continue;
      const score = words.reduce((sum, w) => sum + occurrences(title, w) * 5 + occurrences(body, w), 0);
      scored.push({ article, score });
    }
  }
  scored.sort((x, y) => y.score - x.score || y.article.date.getTime() - x.article.date.getTime() || x.article.url.localeCompare(y.article.url));
  const max = scored[0]?.score ?? 1;
  return {
    query,
    number_of_results: scored.length,
    results: scored.slice(0, MAX_RESULTS).map(({ article, score }) => ({
      url: article.url,
      title: article.title,
      content: article.summary,
      engine: 'sampleweb',
      engines: ['sampleweb'],
      score: Math.round((score / max) * 1000) / 1000,
      category: 'general',
      publishedDate: article.date.toISOString(),
    })),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  };
}

function occurrences(text: string, word: string): number {
  let count = 0;
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + word.length)) count++;
  return count;
}
