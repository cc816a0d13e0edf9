import type { StateReader, Touched } from '../../../crawler/store/read.ts';
import { articleParts, crawlParts, PART_ARTICLES, PART_URLS, type Part, type PartKind } from './parts.ts';

// Which data files to write this time. Only the months the new rows belong to are cut into parts
// again; a part is written when it is new, when its membership changed, or when it holds a row
// that changed. The other files keep what the last build recorded for them.

export interface DataFileEntry {
  name: string;
  kind: PartKind | 'site';
  period: string | null;
  part: number;
  articles: number;
  urls: number;
  bytes: number;
  sha256: string;
  fingerprint: string;
}

export interface DataPlan {
  /** Parts to write. */
  write: Part[];
  /** Parts kept as they are (their entries carry over). */
  keep: string[];
  /** Files of the last build that are gone. */
  remove: string[];
  /** Published articles on the site. */
  articles: number;
}

/**
 * Plans the data files. `touched` null means everything is checked and written (a first or cold
 * build, or a history that changed); `changedFiles` are content files whose body changed.
 */
export interface PartSizes {
  articles: number;
  urls: number;
}

export const PART_SIZES: PartSizes = { articles: PART_ARTICLES, urls: PART_URLS };

export function planData(state: StateReader, previous: Record<string, DataFileEntry>, touched: Touched | null, changedFiles: string[], sizes: PartSizes = PART_SIZES): DataPlan {
  const articles = state.publishedCount();
  const everything = touched === null || touched.deletions;

  // The articles whose file holds a changed row, and the URLs whose crawl file does.
  const { articles: articleIds, urls: urlIds } = state.affectedRows(touched, changedFiles);
  const articleMonths = state.publishedMonths(everything ? null : articleIds);
  const crawlMonths = state.crawlMonths(everything ? null : { urls: urlIds, runs: touched?.runs ?? new Set() });

  const parts: Part[] = [];
  for (const period of new Set(articleMonths)) parts.push(...articleParts(period, state.publishedIn(period), sizes.articles));
  for (const period of new Set(crawlMonths)) {
    const { urls, runs } = state.crawledIn(period);
    parts.push(...crawlParts(period, urls, runs, sizes.urls));
  }

  const write: Part[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    seen.add(part.name);
    const known = previous[part.name];
    const changed =
      touched === null ||
      !known ||
      known.fingerprint !== part.fingerprint ||
      (part.kind === 'articles' ? part.ids.some((id) => articleIds.has(id)) : part.ids.some((id) => urlIds.has(id)) || part.runIds.some((id) => touched.runs.has(id)));
    if (changed) write.push(part);
  }
  // A month looked at again has exactly the parts just cut; everything else is kept as it was.
  const looked = new Set(parts.map((p) => `${p.kind}:${p.period}`));
  const remove: string[] = [];
  const keep: string[] = [];
  for (const entry of Object.values(previous)) {
    if (entry.kind === 'site' || seen.has(entry.name)) continue;
    if (everything || looked.has(`${entry.kind}:${entry.period}`)) remove.push(entry.name);
    else keep.push(entry.name);
  }
  for (const part of parts) if (!write.includes(part)) keep.push(part.name);
  return { write, keep, remove, articles };
}
