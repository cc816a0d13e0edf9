import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlValue } from 'sql.js';
import { htmlToText } from '../../crawler/clean/html-text.ts';
import { tagsOf } from '../../crawler/store/articles.ts';
import type { Database } from '../../crawler/store/database.ts';
import { engine } from '../../crawler/store/engine.ts';
import { bodyOf } from '../lib/article-body.ts';
import { describeDatabase, exampleQueries, type DatabaseInfo, type ExampleQuery } from '../lib/database.ts';
import { renderMarkdown } from '../lib/markdown.ts';

// What /data/ offers: the site's data as SQLite files anyone can open. One file per month
// (site-YYYY-MM.sqlite): the articles the site published that month, whole (metadata, Markdown,
// plain text, an FTS4 index), their tags, the URLs the crawler met that month with its verdict
// on each (and the URL of every article of the month), where each was seen, the posts and
// sources that surfaced them, and the month's runs. A month's file is written again only when
// its articles or rows changed, so the deploy uploads the current month's, not the archive.
// site.sqlite holds everything in one file while the site is small (up to FULL_LIMIT articles);
// past that it is a catalog (topics, sources, runs) with a `periods` table listing the monthly
// files with their sizes and SHA-256.

/** Up to this many published articles, site.sqlite is the whole site's data in one file. */
export const FULL_LIMIT = 5000;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE topics (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL);
CREATE TABLE sources (id INTEGER PRIMARY KEY, topic_id INTEGER NOT NULL, kind TEXT NOT NULL, url TEXT NOT NULL, origin TEXT NOT NULL, discovered_from INTEGER);
CREATE TABLE urls (
  id INTEGER PRIMARY KEY, url TEXT NOT NULL, canonical_url TEXT NOT NULL, equivalence_key TEXT NOT NULL, topic_id INTEGER NOT NULL,
  source_id INTEGER, state TEXT NOT NULL, reason TEXT, error_code TEXT, detail TEXT, duplicate_of INTEGER, attempts INTEGER NOT NULL,
  next_retry_at TEXT, http_status INTEGER, final_url TEXT, redirects TEXT, etag TEXT, last_modified TEXT, expires_at INTEGER,
  hint_title TEXT, hint_published TEXT, discovered_at TEXT NOT NULL, fetched_at TEXT, updated_at TEXT NOT NULL
);
CREATE TABLE articles (
  id INTEGER PRIMARY KEY, url_id INTEGER NOT NULL, topic_id INTEGER NOT NULL, slug TEXT, title TEXT NOT NULL, description TEXT,
  excerpt TEXT NOT NULL, author TEXT, published_at TEXT, modified_at TEXT, fetched_at TEXT NOT NULL, lang TEXT, site_name TEXT,
  favicon TEXT, source_url TEXT NOT NULL, canonical_url TEXT NOT NULL, image TEXT, word_count INTEGER NOT NULL, reading_time INTEGER NOT NULL,
  markdown TEXT NOT NULL, text TEXT NOT NULL, tags TEXT NOT NULL, content_hash TEXT NOT NULL, page INTEGER, position INTEGER, published_on_site TEXT, related TEXT
);
CREATE TABLE tags (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, name TEXT NOT NULL);
CREATE TABLE article_tags (article_id INTEGER NOT NULL, tag_id INTEGER NOT NULL, PRIMARY KEY (article_id, tag_id));
CREATE TABLE posts (id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL, guid TEXT NOT NULL, url TEXT, title TEXT, author TEXT, published_at TEXT, first_seen_at TEXT NOT NULL);
CREATE TABLE link_occurrences (id INTEGER PRIMARY KEY, url_id INTEGER NOT NULL, source_id INTEGER, post_id INTEGER, context TEXT NOT NULL, in_quote INTEGER NOT NULL, first_seen_at TEXT NOT NULL);
CREATE TABLE runs (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT, status TEXT, stats TEXT);
CREATE INDEX articles_topic ON articles (topic_id, position);
CREATE INDEX urls_state ON urls (state);
CREATE INDEX link_occurrences_url ON link_occurrences (url_id);
CREATE VIRTUAL TABLE articles_fts USING fts4 (content="articles", title, text, tags, tokenize=unicode61);
`;

/** The tables of every data file (an FTS4 index with external content: the text is stored once, in articles). */
export const DATA_SCHEMA = SCHEMA;

const COLUMNS: Record<string, string> = {
  topics: 'id, slug, name, description',
  sources: 'id, topic_id, kind, url, origin, discovered_from',
  urls: 'id, url, canonical_url, equivalence_key, topic_id, source_id, state, reason, error_code, detail, duplicate_of, attempts, next_retry_at, http_status, final_url, redirects, etag, last_modified, expires_at, hint_title, hint_published, discovered_at, fetched_at, updated_at',
  tags: 'id, slug, name',
  posts: 'id, source_id, guid, url, title, author, published_at, first_seen_at',
  link_occurrences: 'id, url_id, source_id, post_id, context, in_quote, first_seen_at',
  runs: 'id, started_at, finished_at, status, stats',
};
const ARTICLE_COLUMNS = 'id, url_id, topic_id, slug, title, description, excerpt, author, published_at, modified_at, fetched_at, lang, site_name, favicon, source_url, canonical_url, image, word_count, reading_time, content_hash, page, position, published_on_site, related';

export interface DownloadFile {
  /** File name in dist/data/. */
  name: string;
  /** "YYYY-MM", or null for site.sqlite. */
  period: string | null;
  articles: number;
  bytes: number;
  sha256: string;
}

export interface DownloadsIndex {
  /** site.sqlite: everything (a small site) or the catalog (a large one). */
  site: (DownloadFile & { complete: boolean; info: DatabaseInfo; queries: ExampleQuery[] }) | null;
  /** Newest first. */
  periods: DownloadFile[];
}

interface MonthRows {
  articles: Array<{ id: number; file: string; bodySha?: string }>;
  urlIds: number[];
  runIds: number[];
}

/** Every month with its rows: articles by the month they were published, URLs by the month they were discovered, runs by their start. */
function months(state: Database): Map<string, MonthRows> {
  const out = new Map<string, MonthRows>();
  const month = (m: string) => {
    let rows = out.get(m);
    if (!rows) out.set(m, (rows = { articles: [], urlIds: [], runIds: [] }));
    return rows;
  };
  for (const a of state.all<{ id: number; m: string; file: string; url_id: number }>(
    `SELECT id, substr(published_on_site, 1, 7) AS m, file, url_id FROM articles WHERE status = 'published' AND published_on_site IS NOT NULL ORDER BY id`,
  )) {
    month(a.m).articles.push({ id: a.id, file: a.file });
    month(a.m).urlIds.push(a.url_id);
  }
  for (const u of state.all<{ id: number; m: string }>('SELECT id, substr(discovered_at, 1, 7) AS m FROM urls ORDER BY id')) month(u.m).urlIds.push(u.id);
  for (const r of state.all<{ id: number; m: string }>('SELECT id, substr(started_at, 1, 7) AS m FROM runs ORDER BY id')) month(r.m).runIds.push(r.id);
  for (const rows of out.values()) rows.urlIds = [...new Set(rows.urlIds)].sort((a, b) => a - b);
  return out;
}

/** A month's key: a hash of every row its file holds and of its articles' bodies. */
function monthKey(state: Database, rows: MonthRows, bodySha: (file: string) => string | undefined, prefix: string): string {
  const hash = createHash('sha256').update(prefix);
  const ids = (list: number[]) => list.join(',');
  const dump = (sql: string) => {
    for (const row of state.all(sql)) hash.update(JSON.stringify(Object.values(row), (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v)));
  };
  dump(`SELECT ${ARTICLE_COLUMNS} FROM articles WHERE id IN (${ids(rows.articles.map((a) => a.id))}) ORDER BY id`);
  for (const a of rows.articles) hash.update(bodySha(a.file) ?? 'missing');
  dump(`SELECT article_id, tag_id FROM article_tags WHERE article_id IN (${ids(rows.articles.map((a) => a.id))}) ORDER BY article_id, tag_id`);
  dump(`SELECT ${COLUMNS.urls} FROM urls WHERE id IN (${ids(rows.urlIds)}) ORDER BY id`);
  dump(`SELECT ${COLUMNS.link_occurrences} FROM link_occurrences WHERE url_id IN (${ids(rows.urlIds)}) ORDER BY id`);
  dump(`SELECT ${COLUMNS.runs} FROM runs WHERE id IN (${ids(rows.runIds)}) ORDER BY id`);
  dump(`SELECT ${COLUMNS.topics} FROM topics ORDER BY id`);
  return hash.digest('base64url').slice(0, 22);
}

export interface DownloadPlan {
  months: Array<{ period: string; key: string; rows: MonthRows }>;
  /** Published articles in all. */
  articles: number;
  siteKey: string;
}

export function planDownloads(state: Database, bodySha: (file: string) => string | undefined, prefix: string): DownloadPlan {
  const all = months(state);
  const planned = [...all]
    .sort((a, b) => (a[0] < b[0] ? 1 : -1))
    .map(([period, rows]) => ({ period, rows, key: monthKey(state, rows, bodySha, prefix) }));
  const articles = planned.reduce((n, m) => n + m.rows.articles.length, 0);
  const siteKey = createHash('sha256')
    .update(prefix)
    .update(planned.map((m) => m.key).join(','))
    .update(JSON.stringify(state.all(`SELECT ${COLUMNS.sources} FROM sources ORDER BY id`)))
    .update(JSON.stringify(state.all(`SELECT ${COLUMNS.runs} FROM runs ORDER BY id`)))
    .digest('base64url')
    .slice(0, 22);
  return { months: planned, articles, siteKey };
}

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

/** The bytes of a data file holding these months' rows (all of them for site.sqlite on a small site). */
async function dataFile(state: Database, root: string, rows: MonthRows[], period: string | null): Promise<Uint8Array> {
  const SQL = await engine();
  const out = new SQL.Database();
  try {
    out.run(SCHEMA);
    out.run('BEGIN');
    out.run(`INSERT INTO meta VALUES ('format', 'gleaner-data-1'), ('period', ?)`, [period ?? 'all']);
    const articleIds = rows.flatMap((r) => r.articles.map((a) => a.id));
    const urlIds = [...new Set(rows.flatMap((r) => r.urlIds))].sort((a, b) => a - b);
    const ids = (list: number[]) => list.join(',');
    insertRows(out, 'topics', COLUMNS.topics, state.all(`SELECT ${COLUMNS.topics} FROM topics ORDER BY id`));
    const articleRows = state.all<Record<string, SqlValue> & { id: number }>(`SELECT ${ARTICLE_COLUMNS}, file FROM articles WHERE id IN (${ids(articleIds)}) ORDER BY id`);
    const stmt = out.prepare(`INSERT INTO articles (${ARTICLE_COLUMNS}, markdown, text, tags) VALUES (${ARTICLE_COLUMNS.split(', ').map(() => '?').join(', ')}, ?, ?, ?)`);
    try {
      for (const row of articleRows) {
        const markdown = bodyOf(await readFile(join(root, String(row.file)), 'utf8')).trim();
        const text = htmlToText(await renderMarkdown(markdown));
        stmt.run([...ARTICLE_COLUMNS.split(', ').map((c) => row[c] ?? null), markdown, text, tagsOf(state, row.id).join(', ')]);
      }
    } finally {
      stmt.free();
    }
    out.run('INSERT INTO articles_fts (docid, title, text, tags) SELECT id, title, text, tags FROM articles');
    insertRows(out, 'article_tags', 'article_id, tag_id', state.all(`SELECT article_id, tag_id FROM article_tags WHERE article_id IN (${ids(articleIds)}) ORDER BY article_id, tag_id`));
    insertRows(out, 'tags', COLUMNS.tags, state.all(`SELECT ${COLUMNS.tags} FROM tags WHERE id IN (SELECT tag_id FROM article_tags WHERE article_id IN (${ids(articleIds)})) ORDER BY id`));
    insertRows(out, 'urls', COLUMNS.urls, state.all(`SELECT ${COLUMNS.urls} FROM urls WHERE id IN (${ids(urlIds)}) ORDER BY id`));
    const occurrences = state.all(`SELECT ${COLUMNS.link_occurrences} FROM link_occurrences WHERE url_id IN (${ids(urlIds)}) ORDER BY id`);
    insertRows(out, 'link_occurrences', COLUMNS.link_occurrences, occurrences);
    const postIds = [...new Set(occurrences.map((o) => o.post_id).filter((p): p is number => typeof p === 'number'))];
    insertRows(out, 'posts', COLUMNS.posts, state.all(`SELECT ${COLUMNS.posts} FROM posts WHERE id IN (${ids(postIds)}) ORDER BY id`));
    const sourceIds = [...new Set([...occurrences.map((o) => o.source_id), ...state.all<{ source_id: number | null }>(`SELECT source_id FROM urls WHERE id IN (${ids(urlIds)})`).map((u) => u.source_id)].filter((s): s is number => typeof s === 'number'))];
    insertRows(out, 'sources', COLUMNS.sources, state.all(`SELECT ${COLUMNS.sources} FROM sources WHERE id IN (${ids(sourceIds)}) ORDER BY id`));
    insertRows(out, 'runs', COLUMNS.runs, state.all(`SELECT ${COLUMNS.runs} FROM runs WHERE id IN (${ids(rows.flatMap((r) => r.runIds))}) ORDER BY id`));
    out.run('COMMIT');
    return out.export();
  } finally {
    out.close();
  }
}

/** site.sqlite of a large site: topics, sources, runs, and the monthly files. */
async function catalogFile(state: Database, periods: DownloadFile[]): Promise<Uint8Array> {
  const SQL = await engine();
  const out = new SQL.Database();
  try {
    out.run(SCHEMA);
    out.run('CREATE TABLE periods (name TEXT PRIMARY KEY, period TEXT NOT NULL, articles INTEGER NOT NULL, bytes INTEGER NOT NULL, sha256 TEXT NOT NULL)');
    out.run('BEGIN');
    out.run(`INSERT INTO meta VALUES ('format', 'gleaner-data-1'), ('period', 'catalog')`);
    insertRows(out, 'topics', COLUMNS.topics, state.all(`SELECT ${COLUMNS.topics} FROM topics ORDER BY id`));
    insertRows(out, 'sources', COLUMNS.sources, state.all(`SELECT ${COLUMNS.sources} FROM sources ORDER BY id`));
    insertRows(out, 'runs', COLUMNS.runs, state.all(`SELECT ${COLUMNS.runs} FROM runs ORDER BY id`));
    insertRows(out, 'periods', 'name, period, articles, bytes, sha256', periods.map((p) => ({ name: p.name, period: p.period, articles: p.articles, bytes: p.bytes, sha256: p.sha256 })));
    out.run('COMMIT');
    return out.export();
  } finally {
    out.close();
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function writeData(outDir: string, name: string, bytes: Uint8Array): Promise<void> {
  await mkdir(join(outDir, 'data'), { recursive: true });
  await writeFile(join(outDir, 'data', name), bytes);
  await writeFile(join(outDir, 'data', `${name}.sha256`), `${sha256(bytes)}  ${name}\n`);
}

export interface WrittenDownloads {
  index: DownloadsIndex;
  /** Files written this time (dist-relative). */
  written: string[];
}

/**
 * Writes the monthly files whose key changed and site.sqlite into `outDir`/data/, and returns
 * the index of every file (those not written keep their entry from `previous`).
 */
export async function writeDownloads(
  state: Database,
  root: string,
  plan: DownloadPlan,
  previous: { keys: Record<string, string>; files: DownloadFile[] },
  outDir: string,
): Promise<WrittenDownloads & { keys: Record<string, string> }> {
  const keys: Record<string, string> = {};
  const written: string[] = [];
  const periods: DownloadFile[] = [];
  for (const month of plan.months) {
    const name = `site-${month.period}.sqlite`;
    keys[name] = month.key;
    const known = previous.files.find((f) => f.name === name);
    if (known && previous.keys[name] === month.key) {
      periods.push(known);
      continue;
    }
    const bytes = await dataFile(state, root, [month.rows], month.period);
    await writeData(outDir, name, bytes);
    written.push(`data/${name}`, `data/${name}.sha256`);
    periods.push({ name, period: month.period, articles: month.rows.articles.length, bytes: bytes.byteLength, sha256: sha256(bytes) });
  }
  let site: DownloadsIndex['site'] = null;
  if (plan.months.length) {
    const complete = plan.articles <= FULL_LIMIT;
    const siteKey = `${complete ? 'all' : 'catalog'}:${plan.siteKey}`;
    keys['site.sqlite'] = siteKey;
    const known = previous.files.find((f) => f.name === 'site.sqlite') as DownloadsIndex['site'] | undefined;
    if (known && previous.keys['site.sqlite'] === siteKey) site = known;
    else {
      const bytes = complete ? await dataFile(state, root, plan.months.map((m) => m.rows), null) : await catalogFile(state, periods);
      await writeData(outDir, 'site.sqlite', bytes);
      written.push('data/site.sqlite', 'data/site.sqlite.sha256');
      const info = await describeDatabase(bytes);
      site = { name: 'site.sqlite', period: null, articles: complete ? plan.articles : 0, bytes: bytes.byteLength, sha256: sha256(bytes), complete, info, queries: exampleQueries(info) };
    }
  }
  return { index: { site, periods }, written, keys };
}
