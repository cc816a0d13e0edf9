import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { threadId } from 'node:worker_threads';
import { htmlToText } from '../../../crawler/clean/html-text.ts';
import { htmlToMarkdown } from '../../../crawler/clean/markdown.ts';
import { sqlJsBinding } from '../../../crawler/sqlite-values.ts';
import type { StateReader, StoredRow } from '../../../crawler/store/read.ts';
import { bodyOf } from '../../html/article-body.ts';
import { checkOutFolders } from '../../../crawler/sparse-checkout.ts';
import { bodySha, cachedHtml } from '../../html/html-cache.ts';
import { renderMarkdown } from '../../html/markdown.ts';
import { articleMode, excerptHtml, type ReuseConfig, type ReuseMode } from '../../model/reuse.ts';
import type { DataFileEntry } from './plan.ts';
import { ARTICLE_COLUMNS, COLUMNS, DATA_FORMAT, DATA_PAGE_SIZE, DATA_SCHEMA } from './schema.ts';

// The bytes of one data file: the download database (schema.ts) filled with the rows the store
// gives (crawler/store/read.ts) and the article bodies from content/. The only SQL here is on the
// download database being written.
//
// It is written with node:sqlite (native SQLite, built into Node): a temporary file attached as
// `out` to one in-memory connection the thread keeps until closeDataWriter, filled, detached and
// read back. sql.js did the same in WebAssembly, slower (an hourly build rewrites the newest
// parts, bodies and full-text index included; a cold build every part). One connection a thread,
// not one a file: a data worker then opens and closes node:sqlite once, as it does the state (a
// connection opened and closed for each of hundreds of files once ended in a SIGSEGV of a test's
// process; see BENCHMARKS.md, issue 27's fifth stop). Values are bound as sql.js bound them, so a
// file holds the same rows either way.

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

/** The download schema in the attached file: every table and index named in `out`. */
const OUT_SCHEMA = DATA_SCHEMA.replace(/CREATE (VIRTUAL )?TABLE (\w+)/g, 'CREATE $1TABLE out.$2').replace(/CREATE INDEX (\w+) ON/g, 'CREATE INDEX out.$1 ON');

let writer: DatabaseSync | null = null;
let made = 0;

/** Closes this thread's connection (the next file opens another): call it when the thread's files are written. */
export function closeDataWriter(): void {
  writer?.close();
  writer = null;
}

/** A new, empty download database in a temporary file, attached as `out`; `finish` commits it and gives its bytes; `close` (always) detaches and deletes it. */
function openOut(period: string): { db: DatabaseSync; finish: () => Uint8Array; close: () => void } {
  const db = (writer ??= new DatabaseSync(':memory:'));
  const file = join(tmpdir(), `gleaner-data-${process.pid}-${threadId}-${made++}.sqlite`);
  rmSync(file, { force: true });
  db.prepare('ATTACH ? AS out').run(file);
  let attached = true;
  let begun = false;
  const close = () => {
    if (attached) {
      if (begun) db.exec('ROLLBACK');
      db.exec('DETACH out');
      attached = false;
    }
    rmSync(file, { force: true });
    rmSync(`${file}-journal`, { force: true });
  };
  try {
    db.exec(`PRAGMA out.page_size = ${DATA_PAGE_SIZE}; PRAGMA out.journal_mode = DELETE`);
    // Never read until it is whole: a crash loses a temporary file, so nothing waits for the disk.
    db.exec('PRAGMA out.synchronous = OFF');
    // One transaction from the schema on, as sql.js wrote it: the header's change counter says 1.
    db.exec('BEGIN');
    begun = true;
    db.exec(OUT_SCHEMA);
    db.prepare(`INSERT INTO out.meta VALUES ('format', ?), ('period', ?)`).run(DATA_FORMAT, period);
  } catch (error) {
    close();
    throw error;
  }
  const finish = () => {
    db.exec('COMMIT');
    begun = false;
    db.exec('DETACH out');
    attached = false;
    return new Uint8Array(readFileSync(file));
  };
  return { db, finish, close };
}

function insertRows(out: DatabaseSync, table: string, columns: string, rows: StoredRow[]): void {
  if (!rows.length) return;
  const names = columns.split(', ');
  const stmt = out.prepare(`INSERT OR IGNORE INTO out.${table} (${columns}) VALUES (${names.map(() => '?').join(', ')})`);
  for (const row of rows) stmt.run(...names.map((n) => sqlJsBinding(row[n] ?? null)));
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
  const from = state.publicRows(rows);
  const out = openOut(rows.period);
  const { db } = out;
  try {
    insertRows(db, 'topics', COLUMNS.topics, from.topics);
    const topicSlug = new Map(from.topics.map((t) => [Number(t.id), String(t.slug)]));

    // A part of an old month, in a sparse checkout: its folders are checked out first (one fetch).
    checkOutFolders(root, from.articles.map(({ row }) => String(row.file)));
    const columns = ARTICLE_COLUMNS.split(', ');
    const stmt = db.prepare(`INSERT INTO out.articles (${ARTICLE_COLUMNS}, markdown, text, tags) VALUES (${columns.map(() => '?').join(', ')}, ?, ?, ?)`);
    for (const { row, tags } of from.articles) {
      const mode = reuse ? articleMode(reuse, { topic: topicSlug.get(Number(row.topic_id)) ?? '', url: String(row.source_url) }) : 'full';
      const body = bodyOf(await readFile(join(root, String(row.file)), 'utf8'));
      const { markdown, text } = await shownBodyOf(body.trim(), mode, mode === 'link' || !trimRendersAlike(body) ? null : cachedHtml(root, bodySha(body)));
      stmt.run(...columns.map((c) => sqlJsBinding(row[c] ?? null)), markdown, text, tags.join(', '));
    }
    db.exec('INSERT INTO out.articles_fts (docid, title, text, tags) SELECT id, title, text, tags FROM out.articles');
    insertRows(db, 'article_tags', 'article_id, tag_id', from.articleTags);
    insertRows(db, 'tags', COLUMNS.tags, from.tags);
    insertRows(db, 'urls', COLUMNS.urls, from.urls);
    insertRows(db, 'link_occurrences', COLUMNS.link_occurrences, from.occurrences);
    insertRows(db, 'posts', COLUMNS.posts, from.posts);
    insertRows(db, 'sources', COLUMNS.sources, from.sources);
    insertRows(db, 'runs', COLUMNS.runs, from.runs);
    insertFiles(db, rows.files ?? []);
    return out.finish();
  } finally {
    out.close();
  }
}

/** The data files a download lists (its `files` table): the catalog's, or a whole small site's. */
function insertFiles(out: DatabaseSync, files: readonly DataFileEntry[]): void {
  insertRows(out, 'files', 'name, kind, period, part, articles, urls, bytes, sha256', files.map((f) => ({ name: f.name, kind: f.kind, period: f.period, part: f.part, articles: f.articles, urls: f.urls, bytes: f.bytes, sha256: f.sha256 })));
}

/** site.sqlite of a large site: the catalog. Topics, every source and tag, and every data file with its size and SHA-256. */
export async function catalogBytes(state: StateReader, files: DataFileEntry[]): Promise<Uint8Array> {
  const from = state.catalogRows();
  const out = openOut('catalog');
  const { db } = out;
  try {
    insertRows(db, 'topics', COLUMNS.topics, from.topics);
    insertRows(db, 'sources', COLUMNS.sources, from.sources);
    insertRows(db, 'tags', COLUMNS.tags, from.tags);
    insertFiles(db, files);
    return out.finish();
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
