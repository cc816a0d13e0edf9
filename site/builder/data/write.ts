import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { htmlToText } from '../../../crawler/clean/html-text.ts';
import { htmlToMarkdown } from '../../../crawler/clean/markdown.ts';
import type { StateReader, StoredRow } from '../../../crawler/store/read.ts';
import { bodyOf } from '../../html/article-body.ts';
import { checkOutFolders } from '../../../crawler/sparse-checkout.ts';
import { bodySha, cachedHtml } from '../../html/html-cache.ts';
import { renderMarkdown } from '../../html/markdown.ts';
import { articleMode, excerptHtml, type ReuseConfig, type ReuseMode } from '../../model/reuse.ts';
import type { DataFileEntry } from './plan.ts';
import { ARTICLE_COLUMNS, COLUMNS, DATA_FORMAT, DATA_PRAGMAS, DATA_SCHEMA } from './schema.ts';

// The bytes of one data file: the download database (schema.ts) filled with the rows the store
// gives (crawler/store/read.ts) and the article bodies from content/. The only SQL here is on the
// download database being written.

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

let sqlJs: ReturnType<typeof initSqlJs> | undefined;

/** SQLite for the download databases, loaded once per process. */
function sqlite(): ReturnType<typeof initSqlJs> {
  sqlJs ??= initSqlJs();
  return sqlJs;
}

function insertRows(out: import('sql.js').Database, table: string, columns: string, rows: StoredRow[]): void {
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
export async function dataFileBytes(state: StateReader, root: string, rows: FileRows, reuse: ReuseConfig | null = null): Promise<Uint8Array> {
  const SQL = await sqlite();
  const from = state.publicRows(rows);
  const out = new SQL.Database();
  try {
    out.run(DATA_PRAGMAS);
    out.run(DATA_SCHEMA);
    out.run('BEGIN');
    out.run(`INSERT INTO meta VALUES ('format', ?), ('period', ?)`, [DATA_FORMAT, rows.period]);
    insertRows(out, 'topics', COLUMNS.topics, from.topics);
    const topicSlug = new Map(from.topics.map((t) => [Number(t.id), String(t.slug)]));

    // A part of an old month, in a sparse checkout: its folders are checked out first (one fetch).
    checkOutFolders(root, from.articles.map(({ row }) => String(row.file)));
    const stmt = out.prepare(`INSERT INTO articles (${ARTICLE_COLUMNS}, markdown, text, tags) VALUES (${ARTICLE_COLUMNS.split(', ').map(() => '?').join(', ')}, ?, ?, ?)`);
    try {
      for (const { row, tags } of from.articles) {
        const mode = reuse ? articleMode(reuse, { topic: topicSlug.get(Number(row.topic_id)) ?? '', url: String(row.source_url) }) : 'full';
        const body = bodyOf(await readFile(join(root, String(row.file)), 'utf8'));
        const { markdown, text } = await shownBodyOf(body.trim(), mode, mode === 'link' || !trimRendersAlike(body) ? null : cachedHtml(root, bodySha(body)));
        stmt.run([...ARTICLE_COLUMNS.split(', ').map((c) => row[c] ?? null), markdown, text, tags.join(', ')]);
      }
    } finally {
      stmt.free();
    }
    out.run('INSERT INTO articles_fts (docid, title, text, tags) SELECT id, title, text, tags FROM articles');
    insertRows(out, 'article_tags', 'article_id, tag_id', from.articleTags);
    insertRows(out, 'tags', COLUMNS.tags, from.tags);
    insertRows(out, 'urls', COLUMNS.urls, from.urls);
    insertRows(out, 'link_occurrences', COLUMNS.link_occurrences, from.occurrences);
    insertRows(out, 'posts', COLUMNS.posts, from.posts);
    insertRows(out, 'sources', COLUMNS.sources, from.sources);
    insertRows(out, 'runs', COLUMNS.runs, from.runs);
    insertFiles(out, rows.files ?? []);
    out.run('COMMIT');
    return out.export();
  } finally {
    out.close();
  }
}

/** The data files a download lists (its `files` table): the catalog's, or a whole small site's. */
function insertFiles(out: import('sql.js').Database, files: readonly DataFileEntry[]): void {
  insertRows(out, 'files', 'name, kind, period, part, articles, urls, bytes, sha256', files.map((f) => ({ name: f.name, kind: f.kind, period: f.period, part: f.part, articles: f.articles, urls: f.urls, bytes: f.bytes, sha256: f.sha256 })));
}

/** site.sqlite of a large site: the catalog. Topics, every source and tag, and every data file with its size and SHA-256. */
export async function catalogBytes(state: StateReader, files: DataFileEntry[]): Promise<Uint8Array> {
  const SQL = await sqlite();
  const from = state.catalogRows();
  const out = new SQL.Database();
  try {
    out.run(DATA_PRAGMAS);
    out.run(DATA_SCHEMA);
    out.run('BEGIN');
    out.run(`INSERT INTO meta VALUES ('format', ?), ('period', 'catalog')`, [DATA_FORMAT]);
    insertRows(out, 'topics', COLUMNS.topics, from.topics);
    insertRows(out, 'sources', COLUMNS.sources, from.sources);
    insertRows(out, 'tags', COLUMNS.tags, from.tags);
    insertFiles(out, files);
    out.run('COMMIT');
    return out.export();
  } finally {
    out.close();
  }
}

/** Writes a data file into outDir/data/ with its .sha256 beside it; its SHA-256. */
export async function writeDataFile(outDir: string, name: string, bytes: Uint8Array): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await mkdir(join(outDir, 'data'), { recursive: true });
  await writeFile(join(outDir, 'data', name), bytes);
  await writeFile(join(outDir, 'data', `${name}.sha256`), `${sha256}  ${name}\n`);
  return sha256;
}
