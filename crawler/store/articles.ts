import type { Database } from './database.ts';
import type { ArticleFields, ArticleRecord, ArticleStatus, LeadImage } from '../article/schema.ts';
import { columnOf, columnValue, RECORD_FIELDS, type ArticleRow } from './article-row.ts';

export type { ArticleRecord, ArticleRow, ArticleStatus, LeadImage };
export { articleOfRow } from './article-row.ts';

export function insertArticle(db: Database, article: ArticleRecord, tags: Array<{ slug: string; name: string }>): number {
  const { lastId } = db.run(
    `INSERT INTO articles (status, ${RECORD_FIELDS.map(columnOf).join(', ')}) VALUES ('ready', ${RECORD_FIELDS.map(() => '?').join(', ')})`,
    RECORD_FIELDS.map((field) => columnValue(field, article[field] as ArticleFields[typeof field])),
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
  /** Its file, relative to the site's root. */
  file: string;
}

export function markPublishing(db: Database, articleId: number, p: Placement): void {
  db.run(`UPDATE articles SET status = 'publishing', slug = ?, position = ?, page = ?, published_on_site = ?, related = ?, file = ? WHERE id = ?`, [
    p.slug, p.position, p.page, p.publishedOnSite, columnValue('related', p.related), p.file, articleId,
  ]);
}

/** The publisher's second step, once the file is written: the article is published, and its body lives in its file only. */
export function markArticlePublished(db: Database, articleId: number): void {
  db.run(`UPDATE articles SET status = 'published', markdown = NULL WHERE id = ?`, [articleId]);
}

export function setArticleImage(db: Database, articleId: number, image: LeadImage): void {
  db.run('UPDATE articles SET image = ? WHERE id = ?', [columnValue('image', image), articleId]);
}

export function articleById(db: Database, id: number): ArticleRow | undefined {
  return db.get<ArticleRow>('SELECT * FROM articles WHERE id = ?', [id]);
}

/** The first stored article (lowest id) whose canonical or source URL is one of `urls`, trying them in order. */
export function articleByUrl(db: Database, urls: string[]): { id: number; url_id: number } | undefined {
  for (const url of new Set(urls)) {
    const found = db.get<{ id: number; url_id: number }>(
      'SELECT id, url_id FROM articles WHERE id = (SELECT min(id) FROM (SELECT id FROM articles WHERE canonical_url = ? UNION ALL SELECT id FROM articles WHERE source_url = ?))',
      [url, url],
    );
    if (found) return found;
  }
  return undefined;
}

export function articleByContentHash(db: Database, hash: string): { id: number; url_id: number } | undefined {
  return db.get('SELECT id, url_id FROM articles WHERE content_hash = ? ORDER BY id LIMIT 1', [hash]);
}


/** The tags that exist among these slugs, with the number of articles carrying each. */
export function tagsBySlug(db: Database, slugs: string[]): Array<{ slug: string; name: string; articles: number }> {
  if (!slugs.length) return [];
  return db.all(
    `SELECT t.slug, t.name, (SELECT count(*) FROM article_tags at WHERE at.tag_id = t.id) AS articles FROM tags t WHERE t.slug IN (${slugs.map(() => '?').join(', ')})`,
    slugs,
  );
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

/** The articles among `ids` of a topic that wait to be published, newest first like readyArticles. */
export function readyArticlesAmong(db: Database, topicId: number, ids: number[]): ArticleRow[] {
  if (!ids.length) return [];
  return db.all<ArticleRow>(
    `SELECT * FROM articles WHERE topic_id = ? AND status = 'ready' AND id IN (${ids.map(() => '?').join(',')})
     ORDER BY COALESCE(published_at, fetched_at) DESC, id DESC`,
    [topicId, ...ids],
  );
}

export function backlogByTopic(db: Database): Map<number, number> {
  return new Map(
    db.all<{ topic_id: number; n: number }>(`SELECT topic_id, count(*) AS n FROM articles WHERE status = 'ready' GROUP BY topic_id`).map((r) => [r.topic_id, r.n]),
  );
}

/** The next position in a topic: removed articles keep theirs (store/removals.ts), so no later article takes a place on an old page. */
export function nextPosition(db: Database, topicId: number): number {
  return Number(
    db.scalar(
      `SELECT COALESCE(MAX(p) + 1, 0) FROM (SELECT MAX(position) AS p FROM articles WHERE topic_id = ? AND status != 'ready' UNION ALL SELECT MAX(position) FROM removals WHERE topic_id = ?)`,
      [topicId, topicId],
    ),
  );
}

/** A slug is taken by an article, or by a removed one (its old address answers "removed"). */
export function slugTaken(db: Database, topicId: number, slug: string): boolean {
  return db.scalar('SELECT (SELECT count(*) FROM articles WHERE topic_id = ? AND slug = ?) + (SELECT count(*) FROM removals WHERE topic_id = ? AND slug = ?)', [topicId, slug, topicId, slug]) !== 0;
}

export function articlesWithStatus(db: Database, statuses: ArticleStatus[]): ArticleRow[] {
  return db.all<ArticleRow>(`SELECT * FROM articles WHERE status IN (${statuses.map(() => '?').join(',')}) ORDER BY topic_id, position`, statuses);
}

/**
 * Deletes an article, its tags and band keys. An unpublished one displaced by an earlier original
 * (`onlyReady`) or a taken-down one (its removal keeps what the site needs of it: store/removals.ts);
 * the URL row keeps the record either way.
 */
export function deleteArticle(db: Database, articleId: number, options: { onlyReady?: boolean } = {}): void {
  if (options.onlyReady && db.scalar(`SELECT status FROM articles WHERE id = ?`, [articleId]) !== 'ready') return;
  db.run('DELETE FROM article_tags WHERE article_id = ?', [articleId]);
  db.run('DELETE FROM articles WHERE id = ?', [articleId]);
  db.run('DELETE FROM lsh WHERE article_id = ?', [articleId], { quiet: true });
}

/** The stored article of a URL row, if any. */
export function articleOfUrl(db: Database, urlId: number): ArticleRow | undefined {
  return db.get<ArticleRow>('SELECT * FROM articles WHERE url_id = ?', [urlId]);
}

/** The article at `<topic>/<slug>`, if any. */
export function articleBySlug(db: Database, topicId: number, slug: string): ArticleRow | undefined {
  return db.get<ArticleRow>('SELECT * FROM articles WHERE topic_id = ? AND slug = ?', [topicId, slug]);
}

/** How many articles are published or being published. */
export function publishedCount(db: Database): number {
  return Number(db.scalar(`SELECT count(*) FROM articles WHERE status != 'ready'`));
}

export interface TermsRow {
  id: number;
  topic_id: number;
  slug: string;
  terms: string | null;
}

/** The newest `limit` published articles (by position within each topic's publication order, then id) with their term vectors. */
export function newestPublished(db: Database, limit: number): TermsRow[] {
  return db.all<TermsRow>(`SELECT id, topic_id, slug, terms FROM articles WHERE status != 'ready' ORDER BY published_on_site DESC, id DESC LIMIT ?`, [limit]);
}

/** Published articles carrying any of these tags (by name), the newest `limit` of each. */
export function publishedWithTags(db: Database, tags: string[], limit: number): TermsRow[] {
  const out = new Map<number, TermsRow>();
  for (const name of tags) {
    for (const row of db.all<TermsRow>(
      `SELECT a.id, a.topic_id, a.slug, a.terms FROM article_tags at JOIN tags t ON t.id = at.tag_id JOIN articles a ON a.id = at.article_id
       WHERE t.name = ? AND a.status != 'ready' ORDER BY a.id DESC LIMIT ?`,
      [name, limit],
    )) {
      out.set(row.id, row);
    }
  }
  return [...out.values()];
}

/** Addresses and declared icons of the articles published since `sinceIso` (a run's own: never every article). */
export function publishedSince(db: Database, sinceIso: string): Array<{ url: string; favicon: string | null }> {
  return db.all<{ url: string; favicon: string | null }>(`SELECT source_url AS url, favicon FROM articles WHERE status = 'published' AND published_on_site >= ?`, [sinceIso]);
}

/** The articles a publisher's first step left 'publishing' (a run killed before writing their files, or the current run's). */
export function publishingArticles(db: Database): ArticleRow[] {
  return db.all<ArticleRow>(`SELECT * FROM articles WHERE status = 'publishing' ORDER BY topic_id, position`);
}

/** An article whose related list names a page, with that list (JSON) and, once published, its file. */
export interface RelatedListRow {
  id: number;
  topic_id: number;
  slug: string;
  status: ArticleStatus;
  file: string | null;
  related: string;
}

/** Articles whose related list names `id` ("<topic>/<slug>"). */
export function articlesRelatedTo(db: Database, id: string): RelatedListRow[] {
  return db.all<RelatedListRow>(`SELECT id, topic_id, slug, status, file, related FROM articles WHERE status != 'ready' AND related IS NOT NULL AND instr(related, ?) > 0 ORDER BY id`, [JSON.stringify(id)]);
}

export function setRelated(db: Database, articleId: number, related: string[]): void {
  db.run('UPDATE articles SET related = ? WHERE id = ?', [columnValue('related', related), articleId]);
}

/** The article published right after `position` in its topic (its page's "previously" link changes). */
export function articleAfter(db: Database, topicId: number, position: number): { slug: string } | undefined {
  return db.get(`SELECT slug FROM articles WHERE topic_id = ? AND status != 'ready' AND position > ? ORDER BY position LIMIT 1`, [topicId, position]);
}
