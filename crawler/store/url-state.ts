import type { Failure, RejectReason } from '../errors.ts';
import type { CacheValidators } from '../fetch/types.ts';
import { addressKeys, sameAddress, storedAddressKeys, type AddressKeys, type NormalizedUrl } from '../url/index.ts';
import type { Database } from './database.ts';
import { removedAddress, type RemovalRow } from './removals.ts';

// A URL's state, and the only functions that change it. Every URL the crawler meets has one row
// in `urls`, in one of six states:
//
//   (new) ──discover──► discovered ──markFetched──► fetched ──markExtracted──► extracted ──markPublished──► published
//                          ▲   │                       │                           │
//                          │   │                       ├──markRejected──► rejected ◄┘ (a duplicate found later, or displaced)
//                          │   └──markFailed──► failed │                    │
//                          │                    ▲      └──markFailed──► failed
//                          └── sightUrl (requeue) ─────┘ (a transient failure waits for next_retry_at)
//
// - discovered: queued; a source listed it (discoverUrl / sightUrl).
// - fetched: its page is in; a run killed while processing leaves it here, and urlsDue fetches it again.
// - extracted: an article was stored (status ready → publishing → published in the articles table).
// - published: its article is on the site (markPublished, by the publisher's second step).
// - rejected: with a reason (too_short, duplicate_url, robots…); content rejections go back to
//   discovered when a source lists the URL again after the refetch window (sightUrl), keeping
//   their verdict and validators so a 304 confirms it (markUnchanged).
// - failed: with an error code, attempts and next_retry_at (null: permanent).
// - removed: taken down (npm run remove, store/removals.ts). Terminal, from any state: never
//   fetched again. A URL first seen after the takedown that is one of its addresses, or
//   equivalent to one (removedAddress), is stored straight in this state (insertUrl, the one
//   insert path).

export type UrlState = 'discovered' | 'fetched' | 'extracted' | 'published' | 'rejected' | 'failed' | 'removed';

export interface UrlRow {
  id: number;
  url: NormalizedUrl;
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
  final_url: NormalizedUrl | null;
  etag: string | null;
  last_modified: string | null;
  expires_at: number | null;
  hint_title: string | null;
  hint_published: string | null;
  discovered_at: string;
  fetched_at: string | null;
  updated_at: string;
}

/** A URL entering the state; its canonical form and equivalence key are derived on insert. */
export interface Discovered {
  url: NormalizedUrl;
  topicId: number;
  sourceId: number | null;
  hintTitle?: string | null;
  hintPublished?: string | null;
}

/**
 * Inserts a URL in state `discovered` unless it is already known; returns its row id, whether it
 * is new, and the takedown that stored it as `removed` instead, if any.
 */
export function discoverUrl(db: Database, item: Discovered, now: string): { id: number; created: boolean; removal?: RemovalRow } {
  const existing = db.get<{ id: number }>('SELECT id FROM urls WHERE url = ?', [item.url]);
  if (existing) return { id: existing.id, created: false };
  return { ...insertUrl(db, item, now), created: true };
}

/**
 * The one way a URL enters the state. Its canonical form and equivalence key are derived here, and
 * a URL that is one of a takedown's addresses, or equivalent to one, is stored straight in state
 * `removed`: it is never fetched.
 */
function insertUrl(db: Database, item: Discovered, now: string, keys: AddressKeys = addressKeys(item.url)): { id: number; removal?: RemovalRow; detail?: string } {
  const id = db.run(
    `INSERT INTO urls (url, canonical_url, equivalence_key, topic_id, source_id, state, hint_title, hint_published, discovered_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'discovered', ?, ?, ?, ?)`,
    [item.url, keys.canonical, keys.key, item.topicId, item.sourceId, item.hintTitle ?? null, item.hintPublished ?? null, now, now],
  ).lastId;
  const removal = removedAddress(db, keys);
  if (!removal) return { id };
  const detail = `taken down on ${removal.removed_at.slice(0, 10)} (removal #${removal.id})`;
  markRemoved(db, [id], detail, now);
  return { id, removal, detail };
}

/**
 * Rejections about a page's content, which a later fetch may see differently (a stub that grew, a
 * wall that came down). Only these are fetched again when a source lists the URL once more, and
 * only after the refetch window. Duplicates, robots, non-HTML and failures never are: failures
 * follow their own retry schedule, and permanent ones stop.
 */
const REFETCHABLE_REASONS: ReadonlySet<string> = new Set(['no_article', 'too_short', 'noise_title', 'noise_body', 'title_not_in_body', 'bad_start', 'empty_after_clean', 'render_unavailable']);

export interface Sighting {
  /** The link sat inside a quote (a forum post quoting another): it repeats a citation. */
  inQuote: boolean;
  /** ISO time: a URL last fetched before this may be fetched again (now − refetch window). */
  refetchBefore: string;
}

/** `removed`: a takedown blocks the address (stored so now, or earlier); `detail` says which. It is never fetched. */
export type SightingResult = { id: number; outcome: 'new' | 'requeued' | 'known' | 'quoted-only' } | { id: number; outcome: 'removed'; detail: string };

/**
 * Records that a source listed a URL, and decides whether it is (re)queued:
 * - a new URL is queued, unless it is seen only in a quote and a URL with the same canonical
 *   form was already fetched: then it is stored as rejected `quoted_only`, never fetched;
 * - a known URL seen in a quote is left alone (a quote repeats a citation made elsewhere);
 * - a known URL seen plainly is queued again if it was `quoted_only`, or rejected for its
 *   content and last fetched before the refetch window. Anything fetched within the window is
 *   not fetched again;
 * - a URL a takedown blocks, new or known, is `removed`: never queued.
 */
export function sightUrl(db: Database, item: Discovered, now: string, sighting: Sighting): SightingResult {
  const existing = db.get<Pick<UrlRow, 'id' | 'state' | 'reason' | 'detail' | 'fetched_at'>>('SELECT id, state, reason, detail, fetched_at FROM urls WHERE url = ?', [item.url]);
  if (!existing) {
    const keys = addressKeys(item.url);
    const twin = sighting.inQuote ? fetchedTwin(db, keys) : undefined;
    const { id, detail } = insertUrl(db, item, now, keys);
    if (detail) return { id, outcome: 'removed', detail };
    if (!twin) return { id, outcome: 'new' };
    markRejected(db, id, 'quoted_only', `seen only in a quote; #${twin.id} with the same canonical URL was already fetched`, now, twin.id);
    return { id, outcome: 'quoted-only' };
  }
  if (existing.state === 'removed') return { id: existing.id, outcome: 'removed', detail: existing.detail ?? 'taken down' };
  if (sighting.inQuote || existing.state !== 'rejected') return { id: existing.id, outcome: 'known' };
  const stale = existing.fetched_at === null || existing.fetched_at < sighting.refetchBefore;
  if (existing.reason === 'quoted_only') {
    db.run(`UPDATE urls SET state = 'discovered', reason = NULL, detail = NULL, duplicate_of = NULL, updated_at = ? WHERE id = ?`, [now, existing.id]);
    return { id: existing.id, outcome: 'requeued' };
  }
  if (REFETCHABLE_REASONS.has(existing.reason ?? '') && stale) {
    // The verdict (reason, detail) stays with the row while it waits: the fetch sends the page's
    // validators, and a 304 (or a cache lifetime not yet run out) confirms it without a body.
    db.run(`UPDATE urls SET state = 'discovered', updated_at = ? WHERE id = ?`, [now, existing.id]);
    return { id: existing.id, outcome: 'requeued' };
  }
  return { id: existing.id, outcome: 'known' };
}

/**
 * A fetched URL that is this one in another spelling: the same canonical URL, an article that
 * declared it as its rel=canonical, or the same equivalence key (scheme, www, case, trailing slash)
 * with the same query. Good enough to skip a second-hand (quoted) citation, not to reject a page.
 */
function fetchedTwin(db: Database, keys: AddressKeys): { id: number } | undefined {
  for (const row of db.all<{ id: number; url: string; canonical_url: string; equivalence_key: string }>(
    `SELECT id, url, canonical_url, equivalence_key FROM urls WHERE fetched_at IS NOT NULL AND state != 'failed'
       AND (canonical_url = ? OR equivalence_key = ? OR id IN (SELECT url_id FROM articles WHERE canonical_url = ?)) ORDER BY id LIMIT 20`,
    [keys.canonical, keys.key, keys.canonical],
  )) {
    if (sameAddress(keys, storedAddressKeys(row.url, row.canonical_url, row.equivalence_key))) return { id: row.id };
    if (db.get('SELECT 1 FROM articles WHERE url_id = ? AND canonical_url = ?', [row.id, keys.canonical])) return { id: row.id };
  }
  return undefined;
}

export interface FetchedInfo {
  httpStatus: number;
  finalUrl: NormalizedUrl;
  redirects: unknown[];
  /** The response's ETag, Last-Modified and cache lifetime, sent back when the page is fetched again. */
  validators?: CacheValidators;
}

export function markFetched(db: Database, id: number, info: FetchedInfo, now: string): void {
  db.run(
    `UPDATE urls SET state = 'fetched', http_status = ?, final_url = ?, redirects = ?, etag = ?, last_modified = ?, expires_at = ?,
       fetched_at = ?, updated_at = ?, attempts = attempts + 1, error_code = NULL, reason = NULL, detail = NULL, next_retry_at = NULL
     WHERE id = ?`,
    [info.httpStatus, info.finalUrl, JSON.stringify(info.redirects), info.validators?.etag ?? null, info.validators?.lastModified ?? null, info.validators?.expiresAt ?? null, now, now, id],
  );
}

/**
 * The validators to send when fetching `row`: only for a page rejected for its content and queued
 * again, which still carries that verdict (see sightUrl). Any other row is fetched unconditionally:
 * a new URL has none, and a page left `fetched` by a killed run never had its body stored.
 */
export function revalidation(row: UrlRow): CacheValidators | undefined {
  if (row.state !== 'discovered' || row.reason === null) return undefined;
  if (row.etag === null && row.last_modified === null && row.expires_at === null) return undefined;
  return { etag: row.etag, lastModified: row.last_modified, expiresAt: row.expires_at };
}

/**
 * A revalidated page has not changed (304, or its cache lifetime has not run out): its earlier
 * verdict stands. A 304 counts as a fetch (the refetch window starts again) and may renew the validators.
 */
export function markUnchanged(db: Database, id: number, validators: CacheValidators | null, now: string): void {
  if (validators) {
    db.run(
      `UPDATE urls SET state = 'rejected', etag = COALESCE(?, etag), last_modified = COALESCE(?, last_modified), expires_at = ?, attempts = attempts + 1, fetched_at = ?, updated_at = ? WHERE id = ?`,
      [validators.etag ?? null, validators.lastModified ?? null, validators.expiresAt ?? null, now, now, id],
    );
  } else {
    db.run(`UPDATE urls SET state = 'rejected', updated_at = ? WHERE id = ?`, [now, id]);
  }
}

/** Takes URLs down (any state → removed): they are never fetched again. */
export function markRemoved(db: Database, ids: number[], detail: string, now: string): void {
  for (const id of ids) {
    db.run(`UPDATE urls SET state = 'removed', reason = NULL, detail = ?, error_code = NULL, next_retry_at = NULL, updated_at = ? WHERE id = ?`, [detail.slice(0, 500), now, id]);
  }
}

/**
 * An owner asked for this URL by hand (npm run add): a rejected, failed or waiting URL is queued
 * again at once, in the topic asked for, whatever its verdict or retry time. Published, extracted
 * and removed URLs are left alone (the caller says why).
 */
export function requeueUrl(db: Database, id: number, topicId: number, now: string): boolean {
  const { changes } = db.run(
    `UPDATE urls SET state = 'discovered', topic_id = ?, reason = NULL, detail = NULL, duplicate_of = NULL, error_code = NULL, next_retry_at = NULL,
       etag = NULL, last_modified = NULL, expires_at = NULL, updated_at = ?
     WHERE id = ? AND state IN ('discovered', 'fetched', 'rejected', 'failed')`,
    [topicId, now, id],
  );
  return changes > 0;
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
function nextRetryAt(failure: Failure, attempts: number, nowMs: number): string | null {
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

