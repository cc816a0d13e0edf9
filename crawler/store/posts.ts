import type { Database } from './database.ts';

// A forum source's posts (Discourse posts.rss items): kept so links are re-extracted only when a post's content changes.

export interface PostInput {
  guid: string;
  url: string | null;
  title: string | null;
  author: string | null;
  publishedAt: string | null;
  contentHash: string;
}

export type PostStatus = 'new' | 'changed' | 'unchanged';

/** Stores a post, or updates it when its content hash changed; an unchanged post is not touched. */
export function upsertPost(db: Database, sourceId: number, post: PostInput, now: string): { id: number; status: PostStatus } {
  const existing = db.get<{ id: number; content_hash: string }>('SELECT id, content_hash FROM posts WHERE source_id = ? AND guid = ?', [sourceId, post.guid]);
  if (existing && existing.content_hash === post.contentHash) return { id: existing.id, status: 'unchanged' };
  if (existing) {
    db.run('UPDATE posts SET url = ?, title = ?, author = ?, published_at = ?, content_hash = ?, updated_at = ? WHERE id = ?', [
      post.url, post.title, post.author, post.publishedAt, post.contentHash, now, existing.id,
    ]);
    return { id: existing.id, status: 'changed' };
  }
  const { lastId } = db.run(
    `INSERT INTO posts (source_id, guid, url, title, author, published_at, content_hash, first_seen_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [sourceId, post.guid, post.url, post.title, post.author, post.publishedAt, post.contentHash, now, now],
  );
  return { id: lastId, status: 'new' };
}
