import { normalizeUrl } from '../url/index.ts';
import type { SourceRow } from '../store/sources.ts';
import { sightUrl } from '../store/url-state.ts';
import { recordOccurrence } from '../store/urls.ts';
import type { DiscoveryContext, Link } from './types.ts';

export interface AdmitCounts {
  /** URLs seen for the first time. */
  newUrls: number;
  /** Known URLs queued again. */
  requeued: number;
  /** Links handled (all of them unless `maxNew` stopped early). */
  consumed: number;
}

/** Normalizes and records links (inside a transaction). Invalid or blocked URLs are skipped: they never reach the fetcher. */
export function admitLinks(ctx: DiscoveryContext, source: SourceRow, links: Link[], maxNew = Infinity): AdmitCounts {
  return ctx.db.transaction(() => admitLinksInTransaction(ctx, source, links, maxNew));
}

/** The same, for callers that already hold a transaction. Stops once `maxNew` URLs were queued (new or again). */
export function admitLinksInTransaction(ctx: DiscoveryContext, source: SourceRow, links: Link[], maxNew = Infinity): AdmitCounts {
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
      ctx.db,
      { url, topicId: source.topic_id, sourceId: source.id, hintTitle: link.title ?? null, hintPublished: link.published ?? null },
      now,
      { inQuote, refetchBefore },
    );
    if (result.outcome === 'new' || result.outcome === 'quoted-only') counts.newUrls++;
    if (result.outcome === 'requeued') counts.requeued++;
    recordOccurrence(ctx.db, { urlId: result.id, sourceId: source.id, postId: link.postId ?? null, context: link.context, inQuote }, now);
  }
  return counts;
}
