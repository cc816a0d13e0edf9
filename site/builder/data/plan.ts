import type { Database } from '../../../crawler/store/database.ts';
import type { Touched } from './changes.ts';
import { articleParts, crawlParts, monthEnd, PART_ARTICLES, PART_URLS, type Part, type PartKind } from './parts.ts';

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

export function planData(state: Database, previous: Record<string, DataFileEntry>, touched: Touched | null, changedFiles: string[], sizes: PartSizes = PART_SIZES): DataPlan {
  const articles = Number(state.scalar(`SELECT count(*) FROM articles WHERE status = 'published'`));
  const everything = touched === null || touched.deletions;

  // The articles whose file holds a changed row, and the URLs whose crawl file does.
  const articleIds = new Set<number>(touched?.articles ?? []);
  const urlIds = new Set<number>(touched?.urls ?? []);
  if (touched?.posts.size) for (const { url_id } of state.all<{ url_id: number }>(`SELECT DISTINCT url_id FROM link_occurrences WHERE post_id IN (${[...touched.posts].join(',')})`)) urlIds.add(url_id);
  if (urlIds.size) for (const { id } of state.all<{ id: number }>(`SELECT id FROM articles WHERE url_id IN (${[...urlIds].join(',')})`)) articleIds.add(id);
  for (const chunk of inChunks(changedFiles, 500)) {
    for (const { id } of state.all<{ id: number }>(`SELECT id FROM articles WHERE file IN (${chunk.map(() => '?').join(',')})`, chunk)) articleIds.add(id);
  }

  const articleMonths = everything
    ? column(state, `SELECT DISTINCT substr(published_on_site, 1, 7) AS v FROM articles WHERE status = 'published' AND published_on_site IS NOT NULL`)
    : column(state, `SELECT DISTINCT substr(published_on_site, 1, 7) AS v FROM articles WHERE status = 'published' AND published_on_site IS NOT NULL AND id IN (${[...articleIds].join(',')})`);
  const crawlMonths = everything
    ? column(state, `SELECT DISTINCT substr(discovered_at, 1, 7) AS v FROM urls UNION SELECT DISTINCT substr(started_at, 1, 7) FROM runs`)
    : [
        ...column(state, `SELECT DISTINCT substr(discovered_at, 1, 7) AS v FROM urls WHERE id IN (${[...urlIds].join(',')})`),
        ...column(state, `SELECT DISTINCT substr(started_at, 1, 7) AS v FROM runs WHERE id IN (${[...(touched?.runs ?? [])].join(',')})`),
      ];

  const parts: Part[] = [];
  for (const period of new Set(articleMonths)) {
    const ids = column(state, `SELECT id AS v FROM articles WHERE status = 'published' AND published_on_site >= ? AND published_on_site < ? ORDER BY published_on_site, id`, [period, monthEnd(period)]);
    parts.push(...articleParts(period, ids.map(Number), sizes.articles));
  }
  for (const period of new Set(crawlMonths)) {
    // A URL taken down (npm run remove) is in no data file: the downloads must not name it.
    const urls = state.all<{ id: number; discovered_at: string }>(`SELECT id, discovered_at FROM urls WHERE discovered_at >= ? AND discovered_at < ? AND state != 'removed' ORDER BY id`, [period, monthEnd(period)]);
    const runs = state.all<{ id: number; started_at: string }>(`SELECT id, started_at FROM runs WHERE started_at >= ? AND started_at < ? ORDER BY id`, [period, monthEnd(period)]);
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

function column(state: Database, sql: string, params: Array<string | number> = []): string[] {
  return state.all<{ v: string | number | null }>(sql, params).flatMap((r) => (r.v === null ? [] : [String(r.v)]));
}

function inChunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}


