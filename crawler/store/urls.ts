import type { Failure, RejectReason } from '../errors.ts';
import type { Database } from './database.ts';

export type UrlState = 'discovered' | 'fetched' | 'extracted' | 'published' | 'rejected' | 'failed';

export interface UrlRow {
  id: number;
  url: string;
  canonical_url: string;
  equivalence_key: string;
  topic_id: number;
  source_id: number | null;
  state: UrlState;
  reason: string | null;
  error_code: string | null;
  detail: string | null;
  duplicate_of: number | null;
  attempts: number;
  next_retry_at: string | null;
  http_status: number | null;
  final_url: string | null;
  etag: string | null;
  last_modified: string | null;
  expires_at: number | null;
  hint_title: string | null;
  hint_published: string | null;
  discovered_at: string;
  fetched_at: string | null;
}

export interface Discovered {
  url: string;
  canonical: string;
  equivalenceKey: string;
  topicId: number;
  sourceId: number | null;
  hintTitle?: string | null;
  hintPublished?: string | null;
}

/** Inserts a URL in state `discovered` unless it is already known; returns its row id and whether it is new. */
export function discoverUrl(db: Database, item: Discovered, now: string): { id: number; created: boolean } {
  const existing = db.get<{ id: number }>('SELECT id FROM urls WHERE url = ?', [item.url]);
  if (existing) return { id: existing.id, created: false };
  const { lastId } = db.run(
    `INSERT INTO urls (url, canonical_url, equivalence_key, topic_id, source_id, state, hint_title, hint_published, discovered_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'discovered', ?, ?, ?, ?)`,
    [item.url, item.canonical, item.equivalenceKey, item.topicId, item.sourceId, item.hintTitle ?? null, item.hintPublished ?? null, now, now],
  );
  return { id: lastId, created: true };
}

export function urlById(db: Database, id: number): UrlRow | undefined {
  return db.get<UrlRow>('SELECT * FROM urls WHERE id = ?', [id]);
}

export function urlByAddress(db: Database, url: string): UrlRow | undefined {
  return db.get<UrlRow>('SELECT * FROM urls WHERE url = ?', [url]);
}

/** An URL that holds (or will hold) an article with this canonical URL, other than `exceptId`. */
export function keeperByCanonical(db: Database, canonical: string, exceptId: number): UrlRow | undefined {
  return db.get<UrlRow>(
    `SELECT * FROM urls WHERE (canonical_url = ? OR final_url = ?) AND id != ? AND state IN ('extracted', 'published') ORDER BY id LIMIT 1`,
    [canonical, canonical, exceptId],
  );
}

/**
 * URLs due for fetching: newly discovered ones, and transient failures whose retry time has come.
 * Ordered so every topic gets its turn and newer items (by feed date) go first.
 */
export function urlsDue(db: Database, now: string, options: { topicIds?: number[] } = {}): UrlRow[] {
  const rows = db.all<UrlRow>(
    `SELECT * FROM urls
     WHERE state = 'discovered' OR (state = 'failed' AND next_retry_at IS NOT NULL AND next_retry_at <= ?)
     ORDER BY COALESCE(hint_published, discovered_at) DESC, id`,
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

export interface FetchedInfo {
  httpStatus: number;
  finalUrl: string;
  redirects: unknown[];
  etag?: string | null;
  lastModified?: string | null;
  expiresAt?: number | null;
}

export function markFetched(db: Database, id: number, info: FetchedInfo, now: string): void {
  db.run(
    `UPDATE urls SET state = 'fetched', http_status = ?, final_url = ?, redirects = ?, etag = ?, last_modified = ?, expires_at = ?,
       fetched_at = ?, updated_at = ?, attempts = attempts + 1, error_code = NULL, reason = NULL, detail = NULL, next_retry_at = NULL
     WHERE id = ?`,
    [info.httpStatus, info.finalUrl, JSON.stringify(info.redirects), info.etag ?? null, info.lastModified ?? null, info.expiresAt ?? null, now, now, id],
  );
}

export function markExtracted(db: Database, id: number, now: string): void {
  db.run(`UPDATE urls SET state = 'extracted', updated_at = ? WHERE id = ?`, [now, id]);
}

export function markPublished(db: Database, id: number, now: string): void {
  db.run(`UPDATE urls SET state = 'published', updated_at = ? WHERE id = ?`, [now, id]);
}

export function markRejected(db: Database, id: number, reason: RejectReason, detail: string, now: string, duplicateOf: number | null = null): void {
  db.run(
    `UPDATE urls SET state = 'rejected', reason = ?, detail = ?, duplicate_of = ?, error_code = NULL, next_retry_at = NULL, updated_at = ? WHERE id = ?`,
    [reason, detail.slice(0, 500), duplicateOf, now, id],
  );
}

/** Backoff for transient failures: 1h, 4h, 16h, then daily; permanent failures never retry. */
export function nextRetryAt(failure: Failure, attempts: number, nowMs: number): string | null {
  if (failure.permanent) return null;
  const MAX_ATTEMPTS = 6;
  if (attempts >= MAX_ATTEMPTS) return null;
  const backoff = Math.min(24 * 3600_000, 3600_000 * 4 ** Math.max(0, attempts - 1));
  return new Date(nowMs + Math.max(backoff, failure.retryAfterMs ?? 0)).toISOString();
}

/** `row.attempts` is the count before this attempt. */
export function markFailed(db: Database, row: Pick<UrlRow, 'id' | 'attempts'>, failure: Failure, nowMs: number): void {
  const attempts = row.attempts + 1;
  const now = new Date(nowMs).toISOString();
  db.run(
    `UPDATE urls SET state = 'failed', error_code = ?, detail = ?, http_status = ?, attempts = ?, next_retry_at = ?, reason = NULL, updated_at = ?, fetched_at = ? WHERE id = ?`,
    [failure.code, failure.message.slice(0, 500), failure.status ?? null, attempts, nextRetryAt(failure, attempts, nowMs), now, now, row.id],
  );
}

export function countByState(db: Database): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of db.all<{ state: string; n: number }>('SELECT state, count(*) AS n FROM urls GROUP BY state')) out[row.state] = row.n;
  return out;
}
