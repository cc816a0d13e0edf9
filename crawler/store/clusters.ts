import type { Database } from './database.ts';

// Story clusters: a row per story with two or more articles, and each member's articles.cluster_id.
// A story's id is the id of its first article (stable: its page URL never changes).

export interface ClusterCandidateRow {
  id: number;
  /** Grouping reads names (capitalised words) from the title: the stored terms are lowercased. */
  title: string;
  lang: string | null;
  source_url: string;
  published_at: string | null;
  fetched_at: string;
  terms: string | null;
  minhash: Uint8Array | null;
  cluster_id: number | null;
}

/** The newest `limit` articles published on the site since `since` (ISO), with what clustering reads. */
export function recentlyPublished(db: Database, since: string, limit: number): ClusterCandidateRow[] {
  return db.all<ClusterCandidateRow>(
    `SELECT id, title, lang, source_url, published_at, fetched_at, terms, minhash, cluster_id FROM articles
     WHERE status != 'ready' AND published_on_site >= ? ORDER BY published_on_site DESC, id DESC LIMIT ?`,
    [since, limit],
  );
}

/** Puts an article in a story, creating the story's row (led by its first article) when it has none yet. */
export function joinCluster(db: Database, articleId: number, cluster: { id: number; createdAt: string }): void {
  db.run(
    `INSERT INTO clusters (id, created_at, lead_article_id, title) SELECT id, ?, id, title FROM articles WHERE id = ? ON CONFLICT (id) DO NOTHING`,
    [cluster.createdAt, cluster.id],
  );
  db.run('UPDATE articles SET cluster_id = ? WHERE id = ? AND cluster_id IS NULL', [cluster.id, cluster.id]);
  db.run('UPDATE articles SET cluster_id = ? WHERE id = ?', [cluster.id, articleId]);
}

export interface ClusterRow {
  id: number;
  created_at: string;
  lead_article_id: number;
  title: string;
}

export function clusterById(db: Database, id: number): ClusterRow | undefined {
  return db.get<ClusterRow>('SELECT * FROM clusters WHERE id = ?', [id]);
}

/** The ids of a story's articles, oldest first. */
export function clusterMembers(db: Database, id: number): number[] {
  return db.all<{ id: number }>('SELECT id FROM articles WHERE cluster_id = ? ORDER BY id', [id]).map((r) => r.id);
}
