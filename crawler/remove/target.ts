import type { ArticleRow } from '../store/articles.ts';
import { articleById, articleBySlug, articleByUrl, articleOfUrl } from '../store/articles.ts';
import type { Database } from '../store/database.ts';
import { removalBySlug, removedAddress, urlsEquivalentTo, type RemovalRow } from '../store/removals.ts';
import type { TopicRow } from '../store/topics.ts';
import { urlById } from '../store/urls.ts';
import { addressKeys, normalizeUrl, type NormalizedUrl } from '../url/index.ts';

// What `npm run remove -- <url | topic/slug>` points at: an article (published or waiting), or
// only a URL (never published: it is blocked all the same).

export interface RemovalTarget {
  /** The address the removal is recorded under: the article's URL, or the URL given. */
  url: NormalizedUrl;
  article: ArticleRow | null;
  topic: string | null;
  /** URL rows that are one of the page's addresses or equivalent to one. */
  urlIds: number[];
  /** Every address of the page: its URL row's, where it redirected, its declared canonical. */
  addresses: NormalizedUrl[];
  /** Already removed: the earlier removal. */
  already: RemovalRow | null;
}

export type TargetResult = { ok: true; target: RemovalTarget } | { ok: false; message: string };

const TOPIC_SLUG = /^([a-z0-9][a-z0-9-]*)\/([^/\s]+?)\/?$/;

export function findTarget(db: Database, topics: Map<string, TopicRow>, input: string): TargetResult {
  const bySlug = /^[a-z][a-z0-9+.-]*:/i.test(input) ? null : TOPIC_SLUG.exec(input);
  if (bySlug) {
    const topic = topics.get(bySlug[1]!);
    if (!topic) return { ok: false, message: `no topic "${bySlug[1]}"; the site has ${[...topics.keys()].join(', ')}` };
    const article = articleBySlug(db, topic.id, bySlug[2]!);
    if (!article) {
      const removed = removalBySlug(db, topic.id, bySlug[2]!);
      if (removed) return { ok: true, target: { url: removed.url, article: null, topic: topic.slug, urlIds: [], addresses: [removed.url], already: removed } };
      return { ok: false, message: `no article ${input} (give its address as <topic>/<slug>, as in its page's URL, or its source URL)` };
    }
    return { ok: true, target: articleTarget(db, article, topic.slug) };
  }
  const normalized = normalizeUrl(input, { policy: { allowPrivate: true } });
  if (!normalized.ok) return { ok: false, message: `"${input}" is neither a URL nor <topic>/<slug>: ${normalized.message}` };
  const url = normalized.url;
  const already = removedAddress(db, addressKeys(url)) ?? null;
  const urlIds = urlsEquivalentTo(db, [url]);
  for (const id of urlIds) {
    const article = articleOfUrl(db, id);
    if (article) {
      const topic = [...topics.values()].find((t) => t.id === article.topic_id)?.slug ?? null;
      return { ok: true, target: articleTarget(db, article, topic) };
    }
  }
  const found = articleByUrl(db, [url]);
  const viaArticle = found ? articleById(db, found.id) : undefined;
  if (viaArticle) return { ok: true, target: articleTarget(db, viaArticle, [...topics.values()].find((t) => t.id === viaArticle.topic_id)?.slug ?? null) };
  return { ok: true, target: { url, article: null, topic: null, urlIds, addresses: [url], already } };
}

function articleTarget(db: Database, article: ArticleRow, topic: string | null): RemovalTarget {
  const row = urlById(db, article.url_id);
  const addresses = [row?.url, row?.final_url, article.source_url, article.canonical_url].filter((u): u is NormalizedUrl => typeof u === "string" && u.length > 0);
  return { url: row?.url ?? article.source_url, article, topic, urlIds: urlsEquivalentTo(db, addresses), addresses: [...new Set(addresses)], already: null };
}
