import type { Config } from '../config/index.ts';
import type { AdmitCounts, Link } from '../discover/index.ts';
import type { Database } from '../store/database.ts';
import type { SourceRow } from '../store/sources.ts';
import { sightUrl } from '../store/url-state.ts';
import { recordOccurrence } from '../store/urls.ts';
import { normalizeUrl, type NormalizedUrl, type UrlPolicy } from '../url/index.ts';

/** What admitting a link needs besides the state: the URL policy, the refetch window and the clock. */
export interface AdmitSettings {
  config: Config;
  policy: UrlPolicy;
  nowMs: () => number;
  /** Told of each taken-down address a source listed (once per read), after its links are stored: it is skipped, never fetched. */
  onRemoved?: (source: SourceRow, url: NormalizedUrl, detail: string) => void;
}

/**
 * Normalizes the links a source listed and records them (in one transaction), queuing the new ones
 * and those due again; stops once `maxNew` URLs were queued (new or again). Invalid or blocked
 * URLs are skipped: they never reach the fetcher. So are taken-down addresses (ctx.onRemoved hears of them).
 */
export function admitLinks(db: Database, ctx: AdmitSettings, source: SourceRow, links: Link[], maxNew = Infinity): AdmitCounts {
  const removed = new Map<NormalizedUrl, string>();
  const counts = db.transaction(() => admitEach(db, ctx, source, links, maxNew, removed));
  for (const [url, detail] of removed) ctx.onRemoved?.(source, url, detail);
  return counts;
}

function admitEach(db: Database, ctx: AdmitSettings, source: SourceRow, links: Link[], maxNew: number, removed: Map<NormalizedUrl, string>): AdmitCounts {
  const nowMs = ctx.nowMs();
  const now = new Date(nowMs).toISOString();
  const refetchBefore = new Date(nowMs - ctx.config.crawl.refetchWindowHours * 3600_000).toISOString();
  const counts: AdmitCounts = { newUrls: 0, requeued: 0, consumed: 0 };
  for (const link of links) {
    if (counts.newUrls + counts.requeued >= maxNew) break;
    counts.consumed++;
    const normalized = normalizeUrl(link.url, { policy: ctx.policy });
    if (!normalized.ok) continue;
    const url = normalized.url;
    const inQuote = link.inQuote ?? false;
    const result = sightUrl(
      db,
      { url, topicId: source.topic_id, sourceId: source.id, hintTitle: link.title ?? null, hintPublished: link.published ?? null },
      now,
      { inQuote, refetchBefore },
    );
    if (result.outcome === 'new' || result.outcome === 'quoted-only') counts.newUrls++;
    if (result.outcome === 'requeued') counts.requeued++;
    if (result.outcome === 'removed') removed.set(url, result.detail);
    recordOccurrence(db, { urlId: result.id, sourceId: source.id, postId: link.postId ?? null, context: link.context, inQuote }, now);
  }
  return counts;
}
