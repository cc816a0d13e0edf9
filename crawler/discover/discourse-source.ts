import { createHash } from 'node:crypto';
import type { SourceRow } from '../store/sources.ts';
import type { PostStatus } from '../store/posts.ts';
import { parseFeed } from './feed.ts';
import { postLinks } from './post-links.ts';
import { failRead, fetchSourceDocument, finishRead } from './source-read.ts';
import type { DiscoveryContext, Link, SourceOutcome } from './types.ts';

/**
 * A Discourse forum's posts.rss: each post is stored (posts table) with a hash of its HTML; the
 * links of a post are extracted only when the post is new or its hash changed (an edit), and each
 * link is recorded with its post and whether it sat in a quote. The forum's own pages are never
 * queued: they are discussion, not articles.
 */
export async function readDiscourseSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  const doc = await fetchSourceDocument(ctx, source, postsFeedUrl(source.url));
  if (doc.type === 'done') return doc.outcome;
  const parsed = await parseFeed(doc.text, doc.finalUrl, ctx.config.crawl.maxItemsPerFeed);
  if (!parsed.ok) return failRead(ctx, source, { code: parsed.code, message: parsed.message });

  const forumHost = new URL(doc.finalUrl).hostname;
  const posts: Record<PostStatus, number> = { new: 0, changed: 0, unchanged: 0 };
  let items = 0;
  let newUrls = 0;
  let requeued = 0;
  for (const item of parsed.feed.items) {
    const html = item.html ?? '';
    const post = ctx.found.post(source, { guid: item.guid ?? item.url, url: item.url, title: item.title, author: item.author, publishedAt: item.published, contentHash: createHash('sha256').update(html).digest('hex') });
    posts[post.status]++;
    if (post.status === 'unchanged') continue;
    const links: Link[] = postLinks(html, item.url, forumHost).map((l) => ({ url: l.url, inQuote: l.inQuote, postId: post.id, context: 'post' }));
    items += links.length;
    const counts = ctx.found.links(source, links);
    newUrls += counts.newUrls;
    requeued += counts.requeued;
  }
  return finishRead(
    ctx,
    source,
    { status: 'read', items, newUrls, requeued, posts, detail: `${posts.new} new, ${posts.changed} edited, ${posts.unchanged} unchanged post(s)` },
    { validators: doc.validators },
  );
}

/** The source may name the forum (https://forum.example.org) or its feed (…/posts.rss, …/latest.rss). */
function postsFeedUrl(url: string): string {
  const u = new URL(url);
  if (/\.(rss|xml|json)$/i.test(u.pathname)) return url;
  return new URL('posts.rss', u.href.endsWith('/') ? u.href : `${u.href}/`).href;
}
