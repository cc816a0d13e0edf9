import type { SqlValue } from 'sql.js';
import { tagsOf } from './articles.ts';
import type { Database } from './database.ts';

// The rows of what the site publishes, as the state stores them, for the site's downloadable
// data files (site/builder/data/): published articles with their tags, their URLs and every
// sighting of those, the posts and sources of the sightings, runs, topics. A row is its columns
// by name; the site copies the columns its download schema has (site/builder/data/schema.ts).

/** A row of the state as stored: its columns by name. */
export type StoredRow = Record<string, SqlValue>;

/** Which rows a data file holds, by id. */
export interface RowSelection {
  /** Published articles, with their tags, URLs and sightings. */
  articles: number[];
  /** URLs besides the articles' own, with their sightings. */
  urls: number[];
  runs: number[];
}

export interface PublicRows {
  topics: StoredRow[];
  /** In id order; `tags` are the article's tag names in name order; `row.file` is its Markdown file, relative to the site's root. */
  articles: Array<{ row: StoredRow & { id: number; url_id: number; topic_id: number; source_url: string; file: string }; tags: string[] }>;
  articleTags: StoredRow[];
  tags: StoredRow[];
  /** The articles' URLs and the selected ones, in id order. */
  urls: StoredRow[];
  /** Every sighting of those URLs. */
  occurrences: StoredRow[];
  /** The posts and sources the sightings and URLs name. */
  posts: StoredRow[];
  sources: StoredRow[];
  runs: StoredRow[];
}

const ids = (list: Iterable<SqlValue>) => [...list].join(',');

export function publicRows(db: Database, selection: RowSelection): PublicRows {
  const articles = db
    .all<PublicRows['articles'][number]['row']>(`SELECT * FROM articles WHERE id IN (${ids(selection.articles)}) ORDER BY id`)
    .map((row) => ({ row, tags: tagsOf(db, row.id) }));
  const urlIds = [...new Set([...articles.map((a) => a.row.url_id), ...selection.urls])].sort((a, b) => a - b);
  const occurrences = db.all(`SELECT * FROM link_occurrences WHERE url_id IN (${ids(urlIds)}) ORDER BY id`);
  const postIds = new Set(occurrences.map((o) => o.post_id).filter((p): p is number => typeof p === 'number'));
  const sourceIds = new Set(
    [...occurrences.map((o) => o.source_id), ...db.all<{ source_id: number | null }>(`SELECT DISTINCT source_id FROM urls WHERE id IN (${ids(urlIds)})`).map((u) => u.source_id)].filter(
      (s): s is number => typeof s === 'number',
    ),
  );
  return {
    topics: db.all('SELECT * FROM topics ORDER BY id'),
    articles,
    articleTags: db.all(`SELECT article_id, tag_id FROM article_tags WHERE article_id IN (${ids(selection.articles)}) ORDER BY article_id, tag_id`),
    tags: db.all(`SELECT * FROM tags WHERE id IN (SELECT tag_id FROM article_tags WHERE article_id IN (${ids(selection.articles)})) ORDER BY id`),
    urls: db.all(`SELECT * FROM urls WHERE id IN (${ids(urlIds)}) ORDER BY id`),
    occurrences,
    posts: db.all(`SELECT * FROM posts WHERE id IN (${ids(postIds)}) ORDER BY id`),
    sources: db.all(`SELECT * FROM sources WHERE id IN (${ids(sourceIds)}) ORDER BY id`),
    runs: db.all(`SELECT * FROM runs WHERE id IN (${ids(selection.runs)}) ORDER BY id`),
  };
}

/** Everything the site publishes: every published article, every URL not taken down, every run. */
export function wholeSite(db: Database): RowSelection {
  return {
    articles: db.all<{ id: number }>(`SELECT id FROM articles WHERE status = 'published' ORDER BY id`).map((r) => r.id),
    urls: db.all<{ id: number }>(`SELECT id FROM urls WHERE state != 'removed' ORDER BY id`).map((r) => r.id),
    runs: db.all<{ id: number }>('SELECT id FROM runs ORDER BY id').map((r) => r.id),
  };
}

/** What a catalog lists whole: every topic, source and tag, in id order. */
export function catalogRows(db: Database): Pick<PublicRows, 'topics' | 'sources' | 'tags'> {
  return { topics: db.all('SELECT * FROM topics ORDER BY id'), sources: db.all('SELECT * FROM sources ORDER BY id'), tags: db.all('SELECT * FROM tags ORDER BY id') };
}
