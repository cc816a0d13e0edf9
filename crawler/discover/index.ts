import type { Config } from '../config/index.ts';
import type { Fetcher } from '../fetch/index.ts';
import { canonicalUrl, equivalenceKey, normalizeUrl, type UrlPolicy } from '../url/index.ts';
import type { Database } from '../store/database.ts';
import { discoverUrl } from '../store/urls.ts';
import { recordSourceRead, type SourceRow } from '../store/sources.ts';
import { parseFeed, type FeedItem } from './feed.ts';
import { nextDueAt } from './schedule.ts';

// Turns sources into candidate URLs. Each source kind reads its document through the shared
// fetcher (conditional GET, politeness, robots) and hands items to `admitLinks`.

export interface DiscoveryContext {
  db: Database;
  fetcher: Fetcher;
  config: Config;
  policy: UrlPolicy;
  nowMs: () => number;
  refresh: boolean;
  backlog: (topicId: number) => number;
}

export interface SourceOutcome {
  source: SourceRow;
  status: 'read' | 'not-modified' | 'fresh' | 'failed';
  items: number;
  newUrls: number;
  detail?: string;
}

export interface Link {
  url: string;
  title?: string | null;
  published?: string | null;
  context: 'feed' | 'sitemap' | 'post' | 'search' | 'autodiscovery';
  inQuote?: boolean;
  postId?: number | null;
}

/** Normalizes and records links; returns how many URLs were new. Invalid or blocked URLs are skipped (they never reach the fetcher). */
export function admitLinks(ctx: DiscoveryContext, source: SourceRow, links: Link[]): number {
  const now = new Date(ctx.nowMs()).toISOString();
  let created = 0;
  ctx.db.transaction(() => {
    for (const link of links) {
      const normalized = normalizeUrl(link.url, { policy: ctx.policy });
      if (!normalized.ok) continue;
      const url = normalized.url;
      const result = discoverUrl(
        ctx.db,
        { url, canonical: canonicalUrl(url), equivalenceKey: equivalenceKey(url), topicId: source.topic_id, sourceId: source.id, hintTitle: link.title ?? null, hintPublished: link.published ?? null },
        now,
      );
      if (result.created) created++;
      ctx.db.run(
        `INSERT OR IGNORE INTO link_occurrences (url_id, source_id, post_id, context, in_quote, first_seen_at) VALUES (?, ?, ?, ?, ?, ?)`,
        [result.id, source.id, link.postId ?? null, link.context, link.inQuote ? 1 : 0, now],
      );
    }
  });
  return created;
}

export async function readSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  switch (source.kind) {
    case 'feed':
      return readFeedSource(ctx, source);
    default:
      return finish(ctx, source, { status: 'failed', items: 0, newUrls: 0, detail: `source kind "${source.kind}" is not supported yet` });
  }
}

async function readFeedSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  const outcome = await ctx.fetcher.fetch({
    url: source.url,
    kind: 'feed',
    refresh: ctx.refresh,
    validators: { etag: source.etag, lastModified: source.last_modified, expiresAt: source.expires_at },
  });
  switch (outcome.type) {
    case 'fresh':
      return finish(ctx, source, { status: 'fresh', items: 0, newUrls: 0 });
    case 'not-modified':
      return finish(ctx, source, { status: 'not-modified', items: 0, newUrls: 0 }, outcome.validators);
    case 'rejected':
      return finish(ctx, source, { status: 'failed', items: 0, newUrls: 0, detail: `${outcome.reason}: ${outcome.detail}` });
    case 'error':
      return finish(ctx, source, { status: 'failed', items: 0, newUrls: 0, detail: `${outcome.failure.code}: ${outcome.failure.message}` });
    case 'ok': {
      const parsed = await parseFeed(outcome.text ?? outcome.body.toString('utf8'), outcome.finalUrl, ctx.config.crawl.maxItemsPerFeed);
      if (!parsed.ok) return finish(ctx, source, { status: 'failed', items: 0, newUrls: 0, detail: `${parsed.code}: ${parsed.message}` });
      const links = parsed.feed.items.map((item: FeedItem) => ({ url: item.url, title: item.title, published: item.published, context: 'feed' as const }));
      const newUrls = admitLinks(ctx, source, links);
      return finish(ctx, source, { status: 'read', items: links.length, newUrls }, outcome.validators);
    }
  }
}

function finish(
  ctx: DiscoveryContext,
  source: SourceRow,
  result: Omit<SourceOutcome, 'source'>,
  validators?: { etag?: string | null; lastModified?: string | null; expiresAt?: number | null },
): SourceOutcome {
  const nowMs = ctx.nowMs();
  recordSourceRead(ctx.db, source, {
    now: new Date(nowMs).toISOString(),
    nextDueAt: nextDueAt({
      nowMs,
      backlog: ctx.backlog(source.topic_id),
      perTopicPerRun: ctx.config.publish.perTopicPerRun,
      backlogIntervalMinutes: ctx.config.crawl.backlogIntervalMinutes,
    }),
    status: result.status,
    error: result.detail ?? null,
    etag: validators?.etag ?? null,
    lastModified: validators?.lastModified ?? null,
    expiresAt: validators?.expiresAt ?? source.expires_at,
    itemsSeen: result.items,
    failed: result.status === 'failed',
  });
  return { source, ...result };
}
