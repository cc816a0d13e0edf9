import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import initSqlJs from 'sql.js';

// What the data page says about site.sqlite: size, checksum, schema (read with sql.js
// from sqlite_master at build time) and example queries that fit the tables it has.

export interface TableInfo {
  name: string;
  columns: string[];
  /** Null for virtual tables (FTS), which are counted through their content tables. */
  rows: number | null;
  virtual: boolean;
}

export interface DatabaseInfo {
  bytes: number;
  sha256: string;
  /** CREATE statements, as stored in sqlite_master, in a stable order (FTS shadow tables left out). */
  schema: Array<{ type: string; name: string; sql: string }>;
  tables: TableInfo[];
}

export interface ExampleQuery {
  title: string;
  sql: string;
}

let sqlPromise: ReturnType<typeof initSqlJs> | undefined;

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Describes a database from its bytes (no disk access). */
export async function describeDatabase(bytes: Uint8Array): Promise<DatabaseInfo> {
  const SQL = await (sqlPromise ??= initSqlJs());
  const db = new SQL.Database(bytes);
  try {
    const rows = db.exec("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, name")[0];
    const schema = (rows?.values ?? []).map(([type, name, sql]) => ({ type: String(type), name: String(name), sql: String(sql) }));
    const shadow = new Set<string>();
    for (const entry of schema) {
      if (entry.type === 'table' && /^CREATE\s+VIRTUAL\s+TABLE/i.test(entry.sql)) {
        for (const suffix of ['_content', '_segments', '_segdir', '_docsize', '_stat', '_data', '_idx', '_config']) shadow.add(entry.name + suffix);
      }
    }
    const tables: TableInfo[] = [];
    for (const entry of schema) {
      if (entry.type !== 'table' || shadow.has(entry.name)) continue;
      const virtual = /^CREATE\s+VIRTUAL\s+TABLE/i.test(entry.sql);
      const columns = (db.exec(`PRAGMA table_info(${quoteIdent(entry.name)})`)[0]?.values ?? []).map((r) => String(r[1]));
      let count: number | null = null;
      if (!virtual) count = Number(db.exec(`SELECT count(*) FROM ${quoteIdent(entry.name)}`)[0]?.values[0]?.[0] ?? 0);
      tables.push({ name: entry.name, columns, rows: count, virtual });
    }
    // FTS shadow tables are SQLite's internals, not something to query.
    return { bytes: bytes.byteLength, sha256: sha256(bytes), schema: schema.filter((entry) => !shadow.has(entry.name)), tables };
  } finally {
    db.close();
  }
}

/** Reads and describes the database file, or returns null when there is none. */
export async function readDatabaseInfo(file: string): Promise<DatabaseInfo | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  return describeDatabase(bytes);
}

/** Example queries that only use tables and columns this database actually has. */
export function exampleQueries(info: DatabaseInfo): ExampleQuery[] {
  const table = (name: string) => info.tables.find((t) => t.name === name);
  const has = (name: string, ...columns: string[]) => {
    const t = table(name);
    return !!t && columns.every((c) => t.columns.includes(c));
  };
  const first = (name: string, candidates: string[]) => candidates.find((c) => has(name, c));
  const out: ExampleQuery[] = [];
  if (table('articles')) {
    const cols = [first('articles', ['title']), first('articles', ['source_url', 'url', 'canonical_url']), first('articles', ['published_on_site', 'published_at', 'published'])].filter(Boolean);
    const order = first('articles', ['published_on_site', 'published_at', 'published', 'fetched_at', 'id']);
    out.push({ title: 'The ten newest articles', sql: `SELECT ${cols.length ? cols.join(', ') : '*'} FROM articles${order ? ` ORDER BY ${order} DESC` : ''} LIMIT 10;` });
    if (has('articles', 'topic')) out.push({ title: 'Articles per topic', sql: 'SELECT topic, count(*) AS articles FROM articles GROUP BY topic ORDER BY articles DESC;' });
    else if (has('articles', 'topic_id') && has('topics', 'id', 'name')) {
      out.push({ title: 'Articles per topic', sql: 'SELECT topics.name, count(*) AS articles FROM articles JOIN topics ON topics.id = articles.topic_id GROUP BY topics.id ORDER BY articles DESC;' });
    }
  }
  if (has('article_tags', 'article_id', 'tag_id') && has('tags', 'id', 'name')) {
    out.push({ title: 'The most used tags', sql: 'SELECT tags.name, count(*) AS articles FROM article_tags JOIN tags ON tags.id = article_tags.tag_id GROUP BY tags.id ORDER BY articles DESC LIMIT 20;' });
  } else if (has('tags', 'name')) out.push({ title: 'Tags', sql: 'SELECT name FROM tags ORDER BY name LIMIT 50;' });
  if (has('urls', 'state')) {
    out.push({ title: 'URLs by crawl state', sql: 'SELECT state, count(*) AS urls FROM urls GROUP BY state ORDER BY urls DESC;' });
    if (has('urls', 'reason')) out.push({ title: 'Why URLs were rejected', sql: "SELECT reason, count(*) AS urls FROM urls WHERE state = 'rejected' GROUP BY reason ORDER BY urls DESC;" });
  }
  const fts = info.tables.find((t) => t.virtual && /USING\s+fts[34]/i.test(info.schema.find((s) => s.name === t.name)?.sql ?? ''));
  if (fts) {
    const show = fts.columns.includes('title') ? 'title, ' : '';
    out.push({ title: `Full-text search (${fts.name})`, sql: `SELECT ${show}snippet(${fts.name}) FROM ${fts.name} WHERE ${fts.name} MATCH 'climate' LIMIT 10;` });
  }
  out.push({ title: 'Every table and its schema', sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table';" });
  return out;
}
