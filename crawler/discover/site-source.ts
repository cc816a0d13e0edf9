import type { SourceRow } from '../store/sources.ts';
import { normalizeUrl } from '../url/index.ts';
import { advertisedFeeds } from './autodiscovery.ts';
import { readFeedSource } from './feed-source.ts';
import { fetchSourceDocument, finishRead } from './source-read.ts';
import type { DiscoveryContext, SourceOutcome } from './types.ts';

/**
 * A site's home page: the feeds it advertises with <link rel="alternate"> become `feed` sources
 * (origin 'autodiscovery'), up to crawl.feedsPerSite in page order: sites list their main feed
 * first, and the others are mostly the same items in another format. Feeds added now are read in
 * this run; ones found earlier are sources of their own and keep their own schedule.
 */
export async function readSiteSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  const doc = await fetchSourceDocument(ctx, source, source.url, 'page');
  if (doc.type === 'done') return doc.outcome;
  const feeds = advertisedFeeds(doc.text, doc.finalUrl);
  const added: SourceRow[] = [];
  for (const feed of feeds.slice(0, ctx.config.crawl.feedsPerSite)) {
    const normalized = normalizeUrl(feed.url, { policy: ctx.policy });
    if (!normalized.ok) continue;
    const { source: child, created } = ctx.found.feed(source, normalized.url);
    if (created) added.push(child);
  }
  const read: SourceOutcome[] = [];
  for (const child of added) read.push(await readFeedSource(ctx, child));
  const detail = feeds.length === 0 ? 'no feed advertised' : `${feeds.length} feed(s) advertised, ${added.length} added`;
  const outcome = finishRead(ctx, source, { status: 'read', items: feeds.length, detail }, { validators: doc.validators });
  return { ...outcome, feeds: read };
}
