// SearXNG's JSON API (/search?q=…&format=json): the query URL, and the results out of an answer.
import { isoDate } from './iso-date.ts';

export interface SearchHit {
  url: string;
  title: string | null;
  published: string | null;
}

export type SearchAnswer = { ok: true; hits: SearchHit[] } | { ok: false; code: 'E_SEARCH_PARSE'; message: string };

/** `base` is the instance's address, with or without a path (https://searx.example.org/searx/). */
export function searchUrl(base: string, keyword: string): string {
  const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('q', keyword);
  url.searchParams.set('format', 'json');
  return url.href;
}

/** The first `max` results with an http(s) URL, in the instance's order (best first). */
export function parseSearchAnswer(text: string, max: number): SearchAnswer {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, code: 'E_SEARCH_PARSE', message: `not JSON: ${(error as Error).message}` };
  }
  const results = (data as { results?: unknown })?.results;
  if (!Array.isArray(results)) return { ok: false, code: 'E_SEARCH_PARSE', message: 'the answer has no "results" list (is this a SearXNG /search?format=json endpoint?)' };
  const hits: SearchHit[] = [];
  for (const raw of results as Array<Record<string, unknown>>) {
    if (hits.length >= max) break;
    if (!raw || typeof raw.url !== 'string' || !/^https?:\/\//i.test(raw.url)) continue;
    hits.push({
      url: raw.url,
      title: typeof raw.title === 'string' ? raw.title.trim() || null : null,
      published: isoDate(raw.publishedDate),
    });
  }
  return { ok: true, hits };
}

/**
 * The topic's keywords in round-robin order: starting after the keyword queried last (kept in
 * the source's cursor), wrapping around; from the start when that keyword is gone from the list.
 */
export function keywordRotation(keywords: string[], lastQueried: string | null): string[] {
  const unique = [...new Set(keywords.map((k) => k.trim()).filter(Boolean))];
  const start = lastQueried === null ? 0 : unique.indexOf(lastQueried) + 1;
  return [...unique.slice(start), ...unique.slice(0, start)];
}
