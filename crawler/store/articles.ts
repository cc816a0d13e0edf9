import { decodeSignature } from '../dedup/index.ts';
import type { Database } from './database.ts';

export type ArticleStatus = 'ready' | 'publishing' | 'published';

export interface LeadImage {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  variants: Array<{ src: string; width: number; format: string }>;
  original: string | null;
}

/** An article as the crawler stores it, before or after publishing. */
export interface ArticleRecord {
  urlId: number;
  topicId: number;
  title: string;
  description: string | null;
  excerpt: string;
  author: string | null;
  publishedAt: string | null;
  modifiedAt: string | null;
  fetchedAt: string;
  lang: string | null;
  siteName: string | null;
  favicon: string | null;
  sourceUrl: string;
  canonicalUrl: string;
  image: LeadImage | null;
  wordCount: number;
  readingTime: number;
  text: string;
  markdown: string;
  contentHash: string;
  minhash: Uint8Array | null;
  strategy: string | null;
  tags: string[];
}

export interface ArticleRow {
  id: number;
  url_id: number;
  topic_id: number;
  status: ArticleStatus;
  slug: string | null;
  title: string;
  description: string | null;
  excerpt: string;
  author: string | null;
  published_at: string | null;
  modified_at: string | null;
  fetched_at: string;
  lang: string | null;
  site_name: string | null;
  favicon: string | null;
  source_url: string;
  canonical_url: string;
  image: string | null;
  word_count: number;
  reading_time: number;
  text: string;
  markdown: string;
  content_hash: string;
  strategy: string | null;
  page: number | null;
  position: number | null;
  published_on_site: string | null;
  related: string | null;
}

export function insertArticle(db: Database, article: ArticleRecord, tags: Array<{ slug: string; name: string }>): number {
  const { lastId } = db.run(
    `INSERT INTO articles (url_id, topic_id, status, title, description, excerpt, author, published_at, modified_at, fetched_at, lang,
       site_name, favicon, source_url, canonical_url, image, word_count, reading_time, text, markdown, content_hash, minhash, strategy)
     VALUES (?, ?, 'ready', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      article.urlId, article.topicId, article.title, article.description, article.excerpt, article.author, article.publishedAt,
      article.modifiedAt, article.fetchedAt, article.lang, article.siteName, article.favicon, article.sourceUrl, article.canonicalUrl,
      article.image ? JSON.stringify(article.image) : null, article.wordCount, article.readingTime, article.text, article.markdown,
      article.contentHash, article.minhash, article.strategy,
    ],
  );
  for (const tag of tags) {
    db.run('INSERT INTO tags (slug, name) VALUES (?, ?) ON CONFLICT (slug) DO NOTHING', [tag.slug, tag.name]);
    db.run('INSERT OR IGNORE INTO article_tags (article_id, tag_id) SELECT ?, id FROM tags WHERE slug = ?', [lastId, tag.slug]);
  }
  return lastId;
}

/** Where a chosen article goes on the site: the publisher's first step (status 'publishing'). */
export interface Placement {
  slug: string;
  position: number;
  page: number;
  publishedOnSite: string;
  related: string[];
}

export function markPublishing(db: Database, articleId: number, p: Placement): void {
  db.run(`UPDATE articles SET status = 'publishing', slug = ?, position = ?, page = ?, published_on_site = ?, related = ? WHERE id = ?`, [
    p.slug, p.position, p.page, p.publishedOnSite, JSON.stringify(p.related), articleId,
  ]);
}

/** The publisher's second step, once the file is written: the article is published and searchable. */
export function markArticlePublished(db: Database, article: Pick<ArticleRow, 'id' | 'title' | 'text'>, tags: string[]): void {
  db.run(`UPDATE articles SET status = 'published' WHERE id = ?`, [article.id]);
  db.run('INSERT OR REPLACE INTO articles_fts (docid, title, text, tags) VALUES (?, ?, ?, ?)', [article.id, article.title, article.text, tags.join(', ')]);
}

export function setArticleImage(db: Database, articleId: number, image: LeadImage): void {
  db.run('UPDATE articles SET image = ? WHERE id = ?', [JSON.stringify(image), articleId]);
}

export function articleById(db: Database, id: number): ArticleRow | undefined {
  return db.get<ArticleRow>('SELECT * FROM articles WHERE id = ?', [id]);
}

export function articleText(db: Database, id: number): string | undefined {
  return db.scalar('SELECT text FROM articles WHERE id = ?', [id]) as string | undefined;
}

/** Every stored article's id, URL row and the two URLs it is known by (for the duplicate-URL index). */
export function articleUrls(db: Database): Array<{ id: number; urlId: number; urls: string[] }> {
  return db
    .all<{ id: number; url_id: number; canonical_url: string; source_url: string }>('SELECT id, url_id, canonical_url, source_url FROM articles ORDER BY id')
    .map((r) => ({ id: r.id, urlId: r.url_id, urls: [r.canonical_url, r.source_url] }));
}

export function articleByContentHash(db: Database, hash: string): { id: number; url_id: number } | undefined {
  return db.get('SELECT id, url_id FROM articles WHERE content_hash = ? ORDER BY id LIMIT 1', [hash]);
}

/** Every stored article's MinHash signature (for the near-duplicate index). */
export function articleSignatures(db: Database): Array<{ id: number; signature: Uint32Array }> {
  return db
    .all<{ id: number; minhash: Uint8Array }>('SELECT id, minhash FROM articles WHERE minhash IS NOT NULL ORDER BY id')
    .map((r) => ({ id: r.id, signature: decodeSignature(r.minhash) }));
}

export function tagsOf(db: Database, articleId: number): string[] {
  return db
    .all<{ name: string }>('SELECT t.name FROM article_tags at JOIN tags t ON t.id = at.tag_id WHERE at.article_id = ? ORDER BY t.name', [articleId])
    .map((r) => r.name);
}

/** The newest unpublished articles of a topic (by the source's date, then fetch time). */
export function readyArticles(db: Database, topicId: number, limit: number): ArticleRow[] {
  return db.all<ArticleRow>(
    `SELECT * FROM articles WHERE topic_id = ? AND status = 'ready'
     ORDER BY COALESCE(published_at, fetched_at) DESC, id DESC LIMIT ?`,
    [topicId, limit],
  );
}

export function backlogByTopic(db: Database): Map<number, number> {
  return new Map(
    db.all<{ topic_id: number; n: number }>(`SELECT topic_id, count(*) AS n FROM articles WHERE status = 'ready' GROUP BY topic_id`).map((r) => [r.topic_id, r.n]),
  );
}

export function nextPosition(db: Database, topicId: number): number {
  return Number(db.scalar(`SELECT COALESCE(MAX(position) + 1, 0) FROM articles WHERE topic_id = ? AND status != 'ready'`, [topicId]));
}

export function slugTaken(db: Database, topicId: number, slug: string): boolean {
  return db.scalar('SELECT count(*) FROM articles WHERE topic_id = ? AND slug = ?', [topicId, slug]) !== 0;
}

export function articlesWithStatus(db: Database, statuses: ArticleStatus[]): ArticleRow[] {
  return db.all<ArticleRow>(`SELECT * FROM articles WHERE status IN (${statuses.map(() => '?').join(',')}) ORDER BY topic_id, position`, statuses);
}

/** Deletes an unpublished article (one displaced by an earlier original); its URL row keeps the record. */
export function removeArticle(db: Database, articleId: number): void {
  db.run('DELETE FROM article_tags WHERE article_id = ?', [articleId]);
  db.run(`DELETE FROM articles WHERE id = ? AND status = 'ready'`, [articleId]);
}
