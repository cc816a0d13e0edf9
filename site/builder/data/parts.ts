import { createHash } from 'node:crypto';

// How the site's data is cut into files. Two kinds, each by month and then in parts of a bounded
// size, so that a run rewrites the last part of the current month and nothing else:
//
//   articles-YYYY-MM[-n].sqlite  the articles published that month, PART_ARTICLES a file, in the
//                                order they were published (with their URLs, tags, sightings)
//   crawl-YYYY-MM[-n].sqlite     every URL the crawler found that month, PART_URLS a file, in the
//                                order it found them (with sightings, posts, and the runs)
//
// Part 1 has no number; the next is -2, and so on. A part's name never changes: articles join a
// month at its end, so a part keeps the articles it had and only the last one grows.

export const PART_ARTICLES = 500;
export const PART_URLS = 5000;

export type PartKind = 'articles' | 'crawl';

export interface Part {
  name: string;
  kind: PartKind;
  /** "YYYY-MM". */
  period: string;
  /** 1-based. */
  part: number;
  /** Article ids (articles parts) or URL ids (crawl parts), in order. */
  ids: number[];
  /** Runs a crawl part holds (by the time they started); empty for articles parts. */
  runIds: number[];
  /** Changes when the part's membership changes. */
  fingerprint: string;
}

export function partName(kind: PartKind, period: string, part: number): string {
  return `${kind}-${period}${part > 1 ? `-${part}` : ''}.sqlite`;
}

/** "YYYY-MM" of an ISO time. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

function fingerprint(ids: number[], runIds: number[]): string {
  return createHash('sha256').update(ids.join(',')).update('|').update(runIds.join(',')).digest('base64url').slice(0, 22);
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** A month's articles, in publication order, cut into parts. */
export function articleParts(period: string, ids: number[], size = PART_ARTICLES): Part[] {
  return chunks(ids, size).map((chunk, i) => ({ name: partName('articles', period, i + 1), kind: 'articles', period, part: i + 1, ids: chunk, runIds: [], fingerprint: fingerprint(chunk, []) }));
}

/**
 * A month's URLs, in the order they were found, cut into parts; each run goes with the part that
 * was the newest when it started (the last part whose first URL was found no later than that).
 * A month with runs but no new URL has one part, holding its runs.
 */
export function crawlParts(period: string, urls: Array<{ id: number; discovered_at: string }>, runs: Array<{ id: number; started_at: string }>, size = PART_URLS): Part[] {
  const groups = chunks(urls, size);
  if (!groups.length && runs.length) groups.push([]);
  const runsOf = groups.map(() => [] as number[]);
  for (const run of runs) {
    let at = 0;
    for (let i = 1; i < groups.length; i++) if (groups[i]![0]!.discovered_at <= run.started_at) at = i;
    runsOf[at]!.push(run.id);
  }
  return groups.map((group, i) => {
    const ids = group.map((u) => u.id);
    return { name: partName('crawl', period, i + 1), kind: 'crawl', period, part: i + 1, ids, runIds: runsOf[i]!, fingerprint: fingerprint(ids, runsOf[i]!) };
  });
}
