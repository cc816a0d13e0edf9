import type { Database } from './database.ts';
import type { UrlRow } from './url-state.ts';

// Reading URL rows, and where each URL was seen. Changing a URL's state is url-state.ts's job.

export type { Discovered, UrlRow, UrlState } from './url-state.ts';

export interface Occurrence {
  urlId: number;
  sourceId: number | null;
  postId: number | null;
  context: 'feed' | 'sitemap' | 'post' | 'search' | 'redirect' | 'autodiscovery';
  inQuote: boolean;
}

/**
 * Records where a URL was seen, once per (URL, source, post, quoted or not). The table's UNIQUE
 * constraint cannot do this alone: SQLite treats NULL post ids as distinct.
 */
export function recordOccurrence(db: Database, o: Occurrence, now: string): boolean {
  const { changes } = db.run(
    `INSERT INTO link_occurrences (url_id, source_id, post_id, context, in_quote, first_seen_at)
     SELECT ?, ?, ?, ?, ?, ?
     WHERE NOT EXISTS (SELECT 1 FROM link_occurrences WHERE url_id = ? AND source_id IS ? AND post_id IS ? AND in_quote = ?)`,
    [o.urlId, o.sourceId, o.postId, o.context, o.inQuote ? 1 : 0, now, o.urlId, o.sourceId, o.postId, o.inQuote ? 1 : 0],
  );
  return changes > 0;
}

export function urlById(db: Database, id: number): UrlRow | undefined {
  return db.get<UrlRow>('SELECT * FROM urls WHERE id = ?', [id]);
}

export function urlByAddress(db: Database, url: string): UrlRow | undefined {
  return db.get<UrlRow>('SELECT * FROM urls WHERE url = ?', [url]);
}

/**
 * URLs due for fetching: newly discovered ones, transient failures whose retry time has come, and
 * pages left `fetched` by a run killed while processing them (their body was never stored).
 * Oldest first by the source's date (feed date, sitemap lastmod), topics taking turns. Oldest
 * first means an original is fetched before a later copy of it, so "the earliest version wins"
 * does not depend on where a bounded run stopped; publishing still picks the newest.
 */
export function urlsDue(db: Database, now: string, options: { topicIds?: number[] } = {}): UrlRow[] {
  const rows = db.all<UrlRow>(
    `SELECT * FROM urls
     WHERE state IN ('discovered', 'fetched') OR (state = 'failed' AND next_retry_at IS NOT NULL AND next_retry_at <= ?)
     ORDER BY COALESCE(hint_published, discovered_at), id`,
    [now],
  );
  const filtered = options.topicIds ? rows.filter((r) => options.topicIds!.includes(r.topic_id)) : rows;
  return interleaveByTopic(filtered);
}

function interleaveByTopic(rows: UrlRow[]): UrlRow[] {
  const byTopic = new Map<number, UrlRow[]>();
  for (const row of rows) {
    let list = byTopic.get(row.topic_id);
    if (!list) byTopic.set(row.topic_id, (list = []));
    list.push(row);
  }
  const lists = [...byTopic.values()];
  const out: UrlRow[] = [];
  for (let i = 0; out.length < rows.length; i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}

export function countByState(db: Database): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of db.all<{ state: string; n: number }>('SELECT state, count(*) AS n FROM urls GROUP BY state')) out[row.state] = row.n;
  return out;
}
