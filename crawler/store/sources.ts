import type { Config } from '../config/index.ts';
import type { ErrorCode, RejectReason, SourceFailure } from '../errors.ts';
import type { Database } from './database.ts';
import type { TopicRow } from './topics.ts';

export type SourceKind = 'feed' | 'sitemap' | 'discourse' | 'site' | 'search' | 'opml';

export interface SourceRow {
  id: number;
  topic_id: number;
  kind: SourceKind;
  url: string;
  origin: 'config' | 'autodiscovery';
  discovered_from: number | null;
  active: number;
  etag: string | null;
  last_modified: string | null;
  expires_at: number | null;
  last_read_at: string | null;
  next_due_at: string | null;
  last_status: string | null;
  /** The last failed read's code; null when it succeeded, or its document was rejected (last_reason). */
  last_error_code: ErrorCode | null;
  /** Why the last read's document was rejected (robots, not_html); null otherwise. */
  last_reason: RejectReason | null;
  /** The last failed read's message. */
  last_error: string | null;
  consecutive_failures: number;
  items_seen: number;
  cursor: string | null;
  /** A feed's own title (its channel's or feed's), from its last good read that had one. */
  title: string | null;
}

/** The search source has no URL of its own; it is keyed by this pseudo-URL. */
export const SEARCH_SOURCE_URL = 'search:keywords';

/**
 * Adds config sources that are new, re-activates ones that came back, and deactivates ones removed
 * from the config. A feed the config names that autodiscovery had found becomes a config source
 * (it no longer depends on its site source).
 */
export function syncSources(db: Database, config: Config, topics: Map<string, TopicRow>): void {
  const wanted = new Set<string>();
  for (const topic of config.topics) {
    const topicId = topics.get(topic.slug)!.id;
    for (const source of topic.sources) {
      const url = source.kind === 'search' ? SEARCH_SOURCE_URL : source.url;
      wanted.add(`${topicId} ${source.kind} ${url}`);
      db.run(
        `INSERT INTO sources (topic_id, kind, url, origin) VALUES (?, ?, ?, 'config')
         ON CONFLICT (topic_id, kind, url) DO UPDATE SET active = 1, origin = 'config', discovered_from = NULL
         WHERE active = 0 OR origin != 'config'`,
        [topicId, source.kind, url],
      );
    }
  }
  for (const row of db.all<SourceRow>(`SELECT * FROM sources WHERE origin = 'config' AND active = 1`)) {
    if (!wanted.has(`${row.topic_id} ${row.kind} ${row.url}`)) db.run('UPDATE sources SET active = 0 WHERE id = ?', [row.id]);
  }
  // Feeds found by autodiscovery follow the site source that found them.
  db.run(
    `UPDATE sources SET active = (SELECT parent.active FROM sources parent WHERE parent.id = sources.discovered_from)
     WHERE origin = 'autodiscovery' AND active != (SELECT parent.active FROM sources parent WHERE parent.id = sources.discovered_from)`,
  );
}

/** Every source, active or not, by id. */
export function sourcesById(db: Database): Map<number, SourceRow> {
  return new Map(db.all<SourceRow>('SELECT * FROM sources').map((s) => [s.id, s]));
}

export function activeSources(db: Database): SourceRow[] {
  return db.all<SourceRow>('SELECT * FROM sources WHERE active = 1 ORDER BY topic_id, id');
}

/** Adds a source found by autodiscovery (a feed linked from a site's home page, or listed in an OPML list); returns it and whether it is new. */
export function addDiscoveredSource(db: Database, parent: SourceRow, kind: SourceKind, url: string): { source: SourceRow; created: boolean } {
  const { changes } = db.run(
    `INSERT INTO sources (topic_id, kind, url, origin, discovered_from) VALUES (?, ?, ?, 'autodiscovery', ?)
     ON CONFLICT (topic_id, kind, url) DO NOTHING`,
    [parent.topic_id, kind, url, parent.id],
  );
  const source = db.get<SourceRow>('SELECT * FROM sources WHERE topic_id = ? AND kind = ? AND url = ?', [parent.topic_id, kind, url])!;
  return { source, created: changes > 0 };
}


export interface SourceReadResult {
  now: string;
  nextDueAt: string | null;
  status: string;
  failure?: SourceFailure | null;
  etag?: string | null;
  lastModified?: string | null;
  expiresAt?: number | null;
  itemsSeen?: number;
  cursor?: string | null;
  failed?: boolean;
  /** Forget the ETag/Last-Modified: the next read must get the whole document (this one was not fully used). */
  forgetValidators?: boolean;
  /** The document's own title (a feed's), kept when a read has none. */
  title?: string | null;
}

/**
 * Records a read. Source bookkeeping is "quiet": on its own it does not make the published
 * database change, so a run that finds nothing new commits nothing.
 */
export function recordSourceRead(db: Database, source: SourceRow, result: SourceReadResult): void {
  const failure = result.failure;
  db.run(
    `UPDATE sources SET last_read_at = ?, next_due_at = ?, last_status = ?, last_error_code = ?, last_reason = ?, last_error = ?,
       etag = CASE WHEN ? THEN NULL ELSE COALESCE(?, etag) END, last_modified = CASE WHEN ? THEN NULL ELSE COALESCE(?, last_modified) END, expires_at = ?,
       items_seen = items_seen + ?, cursor = COALESCE(?, cursor), title = COALESCE(?, title),
       consecutive_failures = CASE WHEN ? THEN consecutive_failures + 1 ELSE 0 END
     WHERE id = ?`,
    [
      result.now,
      result.nextDueAt,
      result.status,
      failure && 'code' in failure ? failure.code : null,
      failure && 'reason' in failure ? failure.reason : null,
      failure?.message ?? null,
      result.forgetValidators ? 1 : 0,
      result.etag ?? null,
      result.forgetValidators ? 1 : 0,
      result.lastModified ?? null,
      result.expiresAt ?? null,
      result.itemsSeen ?? 0,
      result.cursor ?? null,
      result.title?.replace(/\s+/g, ' ').trim().slice(0, 200) || null,
      result.failed ? 1 : 0,
      source.id,
    ],
    { quiet: true },
  );
}

/** Sets when a source is next due (after publishing, when the topic's backlog is known). Quiet, like all bookkeeping. */
export function rescheduleSource(db: Database, sourceId: number, nextDueAt: string): void {
  db.run('UPDATE sources SET next_due_at = ? WHERE id = ?', [nextDueAt, sourceId], { quiet: true });
}

