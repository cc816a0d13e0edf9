import type { Config } from '../config/index.ts';
import type { AdmitCounts, Link } from '../discover/index.ts';
import type { Database } from '../store/database.ts';
import type { SourceRow } from '../store/sources.ts';
import { sightUrl } from '../store/url-state.ts';
import { recordOccurrence } from '../store/urls.ts';
import { normalizeUrl, type UrlPolicy } from '../url/index.ts';

/** What admitting a link needs besides the state: the URL policy, the refetch window and the clock. */
export interface AdmitSettings {
  config: Config;
  policy: UrlPolicy;
  nowMs: () => number;
}

/**
 * Normalizes the links a source listed and records them (in one transaction), queuing the new ones
 * and those due again; stops once `maxNew` URLs were queued (new or again). Invalid or blocked
 * URLs are skipped: they never reach the fetcher.
 */
export function admitLinks(db: Database, ctx: AdmitSettings, source: SourceRow, links: Link[], maxNew = Infinity): AdmitCounts {
  return db.transaction(() => admitEach(db, ctx, source, links, maxNew));
}

function admitEach(db: Database, ctx: AdmitSettings, source: SourceRow, links: Link[], maxNew: number): AdmitCounts {
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
    recordOccurrence(db, { urlId: result.id, sourceId: source.id, postId: link.postId ?? null, context: link.context, inQuote }, now);
  }
  return counts;
}
