import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlValue } from 'sql.js';
import { htmlToText } from '../../../crawler/clean/html-text.ts';
import { htmlToMarkdown } from '../../../crawler/clean/markdown.ts';
import { tagsOf } from '../../../crawler/store/articles.ts';
import type { Database } from '../../../crawler/store/database.ts';
import { topicSlugsById } from '../../../crawler/store/topics.ts';
import { engine } from '../../../crawler/store/engine.ts';
import { bodyOf } from '../../html/article-body.ts';
import { bodySha, cachedHtml } from '../../html/html-cache.ts';
import { renderMarkdown } from '../../html/markdown.ts';
import { articleMode, excerptHtml, type ReuseConfig, type ReuseMode } from '../../model/reuse.ts';
import type { DataFileEntry } from './plan.ts';
import { ARTICLE_COLUMNS, COLUMNS, DATA_FORMAT, DATA_SCHEMA } from './schema.ts';

// The bytes of one data file, from the crawler's state and content/ (the article bodies).

export interface FileRows {
  /** Published articles to hold, with their bodies, tags, URLs and sightings. */
  articles: number[];
  /** URLs to hold besides the articles' own, with their sightings. */
  urls: number[];
  runs: number[];
  /** "YYYY-MM", or 'all' / 'catalog' for site.sqlite. */
  period: string;
  /** The files table (site.sqlite of a large site lists every part here). */
  files?: DataFileEntry[];
}

const ids = (list: Iterable<number>) => [...list].join(',');

function insertRows(out: import('sql.js').Database, table: string, columns: string, rows: Array<Record<string, SqlValue>>): void {
  if (!rows.length) return;
  const names = columns.split(', ');
  const stmt = out.prepare(`INSERT OR IGNORE INTO ${table} (${columns}) VALUES (${names.map(() => '?').join(', ')})`);
  try {
    for (const row of rows) stmt.run(names.map((n) => row[n] ?? null));
  } finally {
    stmt.free();
  }
}

/** What the data files carry of an article's body: what its page shows (reuse.ts), as Markdown and as text; `rendered` is the Markdown's HTML when it is known. */
export async function shownBodyOf(markdown: string, mode: ReuseMode, rendered: string | null = null): Promise<{ markdown: string; text: string }> {
  if (mode === 'link') return { markdown: '', text: '' };
  const html = rendered ?? (await renderMarkdown(markdown));
  if (mode === 'full') return { markdown, text: htmlToText(html) };
  const excerpt = excerptHtml(html);
  return { markdown: htmlToMarkdown(excerpt), text: htmlToText(excerpt) };
}

/** Whether the body trimmed renders as the body does (the build memory holds the body's HTML): only blank lines before it and line ends after it differ, which Markdown ignores. */
function trimRendersAlike(body: string): boolean {
  return body.replace(/^(?:[ \t]*\n)+/, '').replace(/\n+$/, '') === body.trim();
}

/** `reuse` null publishes every body whole (a site whose config says nothing of reuse modes behaves the same). */
export async function dataFileBytes(state: Database, root: string, rows: FileRows, reuse: ReuseConfig | null = null): Promise<Uint8Array> {
  const SQL = await engine();
  const out = new SQL.Database();
  try {
    out.run(DATA_SCHEMA);
    out.run('BEGIN');
    out.run(`INSERT INTO meta VALUES ('format', ?), ('period', ?)`, [DATA_FORMAT, rows.period]);
    const topics = state.all<Record<string, SqlValue> & { id: number; slug: string }>(`SELECT ${COLUMNS.topics} FROM topics ORDER BY id`);
    insertRows(out, 'topics', COLUMNS.topics, topics);
    const topicSlug = topicSlugsById(state);

    const articleRows = state.all<Record<string, SqlValue> & { id: number; url_id: number }>(`SELECT ${ARTICLE_COLUMNS}, file FROM articles WHERE id IN (${ids(rows.articles)}) ORDER BY id`);
    const stmt = out.prepare(`INSERT INTO articles (${ARTICLE_COLUMNS}, markdown, text, tags) VALUES (${ARTICLE_COLUMNS.split(', ').map(() => '?').join(', ')}, ?, ?, ?)`);
    try {
      for (const row of articleRows) {
        const mode = reuse ? articleMode(reuse, { topic: topicSlug.get(Number(row.topic_id)) ?? '', url: String(row.source_url) }) : 'full';
        const body = bodyOf(await readFile(join(root, String(row.file)), 'utf8'));
        const { markdown, text } = await shownBodyOf(body.trim(), mode, mode === 'link' || !trimRendersAlike(body) ? null : cachedHtml(root, bodySha(body)));
        stmt.run([...ARTICLE_COLUMNS.split(', ').map((c) => row[c] ?? null), markdown, text, tagsOf(state, row.id).join(', ')]);
      }
    } finally {
      stmt.free();
    }
    out.run('INSERT INTO articles_fts (docid, title, text, tags) SELECT id, title, text, tags FROM articles');
    insertRows(out, 'article_tags', 'article_id, tag_id', state.all(`SELECT article_id, tag_id FROM article_tags WHERE article_id IN (${ids(rows.articles)}) ORDER BY article_id, tag_id`));
    insertRows(out, 'tags', COLUMNS.tags, state.all(`SELECT ${COLUMNS.tags} FROM tags WHERE id IN (SELECT tag_id FROM article_tags WHERE article_id IN (${ids(rows.articles)})) ORDER BY id`));

    const urlIds = [...new Set([...articleRows.map((a) => a.url_id), ...rows.urls])].sort((a, b) => a - b);
    insertRows(out, 'urls', COLUMNS.urls, state.all(`SELECT ${COLUMNS.urls} FROM urls WHERE id IN (${ids(urlIds)}) ORDER BY id`));
    const occurrences = state.all(`SELECT ${COLUMNS.link_occurrences} FROM link_occurrences WHERE url_id IN (${ids(urlIds)}) ORDER BY id`);
    insertRows(out, 'link_occurrences', COLUMNS.link_occurrences, occurrences);
    const postIds = new Set(occurrences.map((o) => o.post_id).filter((p): p is number => typeof p === 'number'));
    insertRows(out, 'posts', COLUMNS.posts, state.all(`SELECT ${COLUMNS.posts} FROM posts WHERE id IN (${ids(postIds)}) ORDER BY id`));
    const sourceIds = new Set(
      [...occurrences.map((o) => o.source_id), ...state.all<{ source_id: number | null }>(`SELECT DISTINCT source_id FROM urls WHERE id IN (${ids(urlIds)})`).map((u) => u.source_id)].filter(
        (s): s is number => typeof s === 'number',
      ),
    );
    insertRows(out, 'sources', COLUMNS.sources, state.all(`SELECT ${COLUMNS.sources} FROM sources WHERE id IN (${ids(sourceIds)}) ORDER BY id`));
    insertRows(out, 'runs', COLUMNS.runs, state.all(`SELECT ${COLUMNS.runs} FROM runs WHERE id IN (${ids(rows.runs)}) ORDER BY id`));
    insertRows(
      out,
      'files',
      'name, kind, period, part, articles, urls, bytes, sha256',
      (rows.files ?? []).map((f) => ({ name: f.name, kind: f.kind, period: f.period, part: f.part, articles: f.articles, urls: f.urls, bytes: f.bytes, sha256: f.sha256 })),
    );
    out.run('COMMIT');
    return out.export();
  } finally {
    out.close();
  }
}

/** site.sqlite of a large site: the catalog. Topics, every source and tag, and every data file with its size and SHA-256. */
export async function catalogBytes(state: Database, files: DataFileEntry[]): Promise<Uint8Array> {
  const SQL = await engine();
  const out = new SQL.Database();
  try {
    out.run(DATA_SCHEMA);
    out.run('BEGIN');
    out.run(`INSERT INTO meta VALUES ('format', ?), ('period', 'catalog')`, [DATA_FORMAT]);
    insertRows(out, 'topics', COLUMNS.topics, state.all(`SELECT ${COLUMNS.topics} FROM topics ORDER BY id`));
    insertRows(out, 'sources', COLUMNS.sources, state.all(`SELECT ${COLUMNS.sources} FROM sources ORDER BY id`));
    insertRows(out, 'tags', COLUMNS.tags, state.all(`SELECT ${COLUMNS.tags} FROM tags ORDER BY id`));
    insertRows(
      out,
      'files',
      'name, kind, period, part, articles, urls, bytes, sha256',
      files.map((f) => ({ name: f.name, kind: f.kind, period: f.period, part: f.part, articles: f.articles, urls: f.urls, bytes: f.bytes, sha256: f.sha256 })),
    );
    out.run('COMMIT');
    return out.export();
  } finally {
    out.close();
  }
}
