import { StoryPool, storyItem, type StoryArticle } from '../cluster/index.ts';
import { decodeSignature } from '../dedup/index.ts';
import { joinCluster, recentlyPublished, type ClusterCandidateRow } from '../store/clusters.ts';
import type { ArticleRow } from '../store/articles.ts';
import type { Database } from '../store/database.ts';
import { sourceHost } from '../url/index.ts';

/** A story's articles are looked for among the articles published on the site in the last POOL_DAYS, the newest POOL_SIZE of them. */
const POOL_DAYS = 7;
const POOL_SIZE = 2000;

/**
 * Puts each article a run publishes in a story with articles published before it (this run's
 * included), or in none. Only the new article's row and file carry the story; earlier members'
 * files are never rewritten (the site gathers a story from every file naming it, and from the
 * article whose id it is). The pool is read once a run, bounded: never every article.
 */
export class StoryClusters {
  private pool: StoryPool | null = null;
  private readonly db: Database;
  private readonly now: string;

  constructor(db: Database, now: string) {
    this.db = db;
    this.now = now;
  }

  /** Call inside the plan's transaction, before the article is marked publishing (see planPublication). */
  place(article: ArticleRow, terms: Map<string, number>): void {
    this.pool ??= new StoryPool(recentlyPublished(this.db, new Date(Date.parse(this.now) - POOL_DAYS * 86_400_000).toISOString(), POOL_SIZE).map((row) => storyItem(storyArticle(row))));
    // The same function as for the pool's articles (and bench:clusters'): the stored terms, the title, the language.
    const item = storyItem({ ...storyArticle({ ...article, terms: null }), terms });
    const match = this.pool.choose(item);
    if (match) {
      joinCluster(this.db, article.id, { id: match.cluster, createdAt: this.now });
      this.pool.setCluster(match.cluster, match.cluster);
      item.cluster = match.cluster;
    }
    this.pool.add(item);
  }
}

/** What grouping needs of an article row: its stored terms (text has left the state once published), title and language. */
function storyArticle(row: ClusterCandidateRow): StoryArticle {
  const published = row.published_at ? Date.parse(row.published_at) : Number.NaN;
  return {
    id: row.id,
    title: row.title,
    lang: row.lang,
    host: sourceHost(row.source_url) ?? row.source_url,
    time: Number.isFinite(published) ? published : Date.parse(row.fetched_at),
    terms: new Map(row.terms ? (JSON.parse(row.terms) as Array<[string, number]>) : []),
    minhash: row.minhash ? decodeSignature(row.minhash) : null,
    cluster: row.cluster_id,
  };
}
