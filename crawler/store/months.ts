import type { Database } from './database.ts';
import type { Touched } from './segment-changes.ts';

// What the site's data files are cut by (site/builder/data/plan.ts): published articles by the
// month they were published on the site, URLs by the month they were found, runs by the month
// they started. "YYYY-MM" months; ISO times compare as strings.

/** The first instant of the month after `period` ("YYYY-MM"), as an ISO string. */
function monthEnd(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString();
}

function column(db: Database, sql: string, params: Array<string | number> = []): string[] {
  return db.all<{ v: string | number | null }>(sql, params).flatMap((r) => (r.v === null ? [] : [String(r.v)]));
}

function inChunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function publishedCount(db: Database): number {
  return Number(db.scalar(`SELECT count(*) FROM articles WHERE status = 'published'`));
}

/**
 * The articles and URLs whose published rows changed: those `touched` names, the URLs sighted in
 * a touched post, the articles of any of those URLs, and the articles whose Markdown file is one
 * of `changedFiles` (relative to the site's root).
 */
export function affectedRows(db: Database, touched: Touched | null, changedFiles: string[]): { articles: Set<number>; urls: Set<number> } {
  const articles = new Set<number>(touched?.articles ?? []);
  const urls = new Set<number>(touched?.urls ?? []);
  if (touched?.posts.size) for (const { url_id } of db.all<{ url_id: number }>(`SELECT DISTINCT url_id FROM link_occurrences WHERE post_id IN (${[...touched.posts].join(',')})`)) urls.add(url_id);
  if (urls.size) for (const { id } of db.all<{ id: number }>(`SELECT id FROM articles WHERE url_id IN (${[...urls].join(',')})`)) articles.add(id);
  for (const chunk of inChunks(changedFiles, 500)) {
    for (const { id } of db.all<{ id: number }>(`SELECT id FROM articles WHERE file IN (${chunk.map(() => '?').join(',')})`, chunk)) articles.add(id);
  }
  return { articles, urls };
}

/** The months articles were published in: of every published article (`among` null), or of those among the given ids. */
export function publishedMonths(db: Database, among: Set<number> | null): string[] {
  return among === null
    ? column(db, `SELECT DISTINCT substr(published_on_site, 1, 7) AS v FROM articles WHERE status = 'published' AND published_on_site IS NOT NULL`)
    : column(db, `SELECT DISTINCT substr(published_on_site, 1, 7) AS v FROM articles WHERE status = 'published' AND published_on_site IS NOT NULL AND id IN (${[...among].join(',')})`);
}

/** The months URLs were found and runs started in: of every one (`among` null), or of those among the given ids. */
export function crawlMonths(db: Database, among: { urls: Set<number>; runs: Set<number> } | null): string[] {
  return among === null
    ? column(db, `SELECT DISTINCT substr(discovered_at, 1, 7) AS v FROM urls UNION SELECT DISTINCT substr(started_at, 1, 7) FROM runs`)
    : [
        ...column(db, `SELECT DISTINCT substr(discovered_at, 1, 7) AS v FROM urls WHERE id IN (${[...among.urls].join(',')})`),
        ...column(db, `SELECT DISTINCT substr(started_at, 1, 7) AS v FROM runs WHERE id IN (${[...among.runs].join(',')})`),
      ];
}

/** The articles published in a month, in the order they were published. */
export function publishedIn(db: Database, period: string): number[] {
  return column(db, `SELECT id AS v FROM articles WHERE status = 'published' AND published_on_site >= ? AND published_on_site < ? ORDER BY published_on_site, id`, [period, monthEnd(period)]).map(Number);
}

/** The URLs found in a month (none taken down: the downloads must not name them) and the runs that started in it, in id order. */
export function crawledIn(db: Database, period: string): { urls: Array<{ id: number; discovered_at: string }>; runs: Array<{ id: number; started_at: string }> } {
  return {
    urls: db.all(`SELECT id, discovered_at FROM urls WHERE discovered_at >= ? AND discovered_at < ? AND state != 'removed' ORDER BY id`, [period, monthEnd(period)]),
    runs: db.all(`SELECT id, started_at FROM runs WHERE started_at >= ? AND started_at < ? ORDER BY id`, [period, monthEnd(period)]),
  };
}
