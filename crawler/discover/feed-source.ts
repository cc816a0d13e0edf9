import type { SourceRow } from '../store/sources.ts';
import { parseFeed } from './feed.ts';
import { failRead, fetchSourceDocument, finishRead } from './source-read.ts';
import type { DiscoveryContext, Link, SourceOutcome } from './types.ts';

/** RSS 2.0, Atom or JSON Feed: every item's link is a candidate article. */
export async function readFeedSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  const doc = await fetchSourceDocument(ctx, source);
  if (doc.type === 'done') return doc.outcome;
  const parsed = await parseFeed(doc.text, doc.finalUrl, ctx.config.crawl.maxItemsPerFeed);
  if (!parsed.ok) return failRead(ctx, source, { code: parsed.code, message: parsed.message });
  const links: Link[] = parsed.feed.items.map((item) => ({ url: item.url, title: item.title, published: item.published, context: 'feed' }));
  const { newUrls, requeued } = ctx.found.links(source, links);
  return finishRead(ctx, source, { status: 'read', items: links.length, newUrls, requeued, detail: parsed.feed.format }, { validators: doc.validators, title: parsed.feed.title });
}
