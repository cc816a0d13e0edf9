import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_PAGE_SIZE, DATA_PRAGMAS, DATA_SCHEMA } from '../../site/builder/data/schema.ts';
import { openRangeDatabase } from '../../site/client/data-console/open-database.ts';
import { RangeFile, RangeFileError, type ReadRange } from '../../site/client/data-console/range-file.ts';
import { runQuery } from '../../site/client/data-console/run-query.ts';
import { describeDatabase, exampleQueries, type ExampleQuery } from '../../site/model/database.ts';

// The console's reading of a database in pieces (site/client/data-console/), in Node with the
// same sql.js the browser runs: a real data file of the download schema, 3,000 articles, read
// through RangeFile from disk as the worker reads it over HTTP. Every example query gives what
// the whole file gives, and the ten newest articles and a full-text search read a small part of it.

const ARTICLES = 3000;
let SQL: SqlJsStatic;
let dir: string;
let file: string;
let bytes: Uint8Array;
let queries: ExampleQuery[];

function dataFile(): Uint8Array {
  const db = new SQL.Database();
  db.run(DATA_PRAGMAS);
  db.run(DATA_SCHEMA);
  db.run('BEGIN');
  db.run("INSERT INTO topics VALUES (1, 'climate', 'Climate', ''), (2, 'science', 'Science', '')");
  const words = ['climate', 'ocean', 'carbon', 'forest', 'policy', 'energy', 'solar', 'river', 'ice', 'storm'];
  const stmt = db.prepare(`INSERT INTO articles (id, url_id, topic_id, slug, title, excerpt, fetched_at, source_url, canonical_url, word_count, reading_time, markdown, text, tags, content_hash, published_on_site)
    VALUES (?, ?, ?, ?, ?, '', '2026-01-01', ?, ?, 300, 2, ?, ?, '', ?, ?)`);
  for (let i = 1; i <= ARTICLES; i++) {
    const text = Array.from({ length: 300 }, (_, w) => words[(i * 7 + w * 3) % words.length] + (w % 11 === 0 ? ` w${i}x${w}` : '')).join(' ');
    const title = `Article ${i} on ${words[i % words.length]}${i % 500 === 0 ? ' and glaciers' : ''}`;
    stmt.run([i, i, 1 + (i % 2), `a-${i}`, title, `https://example.org/${i}`, `https://example.org/${i}`, text, text, `h${i}`, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()]);
  }
  stmt.free();
  db.run('INSERT INTO articles_fts (docid, title, text, tags) SELECT id, title, text, tags FROM articles');
  db.run('COMMIT');
  try {
    return db.export();
  } finally {
    db.close();
  }
}

/** Reads the file from disk, as a server answers a Range request. */
function diskReader(path: string): ReadRange {
  return (start, end) => {
    const fd = openSync(path, 'r');
    try {
      const total = bytes.length;
      const last = Math.min(end, total - 1);
      const out = new Uint8Array(last - start + 1);
      readSync(fd, out, 0, out.length, start);
      return { bytes: out, start, total };
    } finally {
      closeSync(fd);
    }
  };
}

function whole(sql: string) {
  const db = new SQL.Database(bytes);
  try {
    return runQuery(db, sql, 1000);
  } finally {
    db.close();
  }
}

function overRanges(sql: string) {
  const range = new RangeFile(diskReader(file), DATA_PAGE_SIZE);
  const db = openRangeDatabase(SQL, range);
  try {
    return { result: runQuery(db, sql, 1000), stats: range.stats, db, range };
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  SQL = await initSqlJs();
  dir = mkdtempSync(join(tmpdir(), 'gleaner-data-console-'));
  bytes = dataFile();
  file = join(dir, 'articles.sqlite');
  writeFileSync(file, bytes);
  queries = exampleQueries(await describeDatabase(bytes));
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a database read over ranges', () => {
  it('answers every example query as the whole file does', () => {
    expect(bytes.length).toBeGreaterThan(2_000_000);
    expect(queries.map((q) => q.title)).toEqual(expect.arrayContaining(['The ten newest articles', 'Articles per topic', 'Full-text search (articles_fts)']));
    for (const q of queries) {
      const { result } = overRanges(q.sql);
      expect(result, q.title).toEqual(whole(q.sql));
    }
    expect(overRanges(queries.find((q) => q.title === 'The ten newest articles')!.sql).result.rows.length).toBe(10);
  });

  it('reads only a small part of the file for the newest articles and a full-text search', () => {
    const newest = overRanges('SELECT id, title FROM articles ORDER BY id DESC LIMIT 10');
    expect(newest.result.rows.map((r) => r[0])).toEqual(Array.from({ length: 10 }, (_, i) => ARTICLES - i));
    expect(newest.stats.bytes).toBeLessThan(bytes.length / 20);
    const search = overRanges("SELECT title, snippet(articles_fts) FROM articles_fts WHERE articles_fts MATCH 'glaciers'");
    expect(search.result.rows.map((r) => r[0])).toEqual(['Article 500 on climate and glaciers', 'Article 1000 on climate and glaciers', 'Article 1500 on climate and glaciers', 'Article 2000 on climate and glaciers', 'Article 2500 on climate and glaciers', 'Article 3000 on climate and glaciers']);
    expect(String(search.result.rows[0]![1])).toContain('<b>glaciers</b>');
    expect(search.stats.bytes).toBeLessThan(bytes.length / 5);
  });

  it('reads ahead when reads go forward through the file, so a scan takes few requests', () => {
    const scan = overRanges('SELECT count(*), sum(length(text)) FROM articles');
    expect(scan.result.rows[0]![0]).toBe(ARTICLES);
    const pages = bytes.length / DATA_PAGE_SIZE;
    expect(scan.stats.requests).toBeLessThan(pages / 10);
  });

  it('fetches no byte twice', () => {
    const requested: Array<[number, number]> = [];
    const read = diskReader(file);
    const range = new RangeFile((start, end) => {
      const got = read(start, end);
      requested.push([start, start + got.bytes.length]);
      return got;
    }, DATA_PAGE_SIZE);
    const db = openRangeDatabase(SQL, range);
    for (const q of queries) runQuery(db, q.sql, 1000);
    db.close();
    const sorted = requested.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]![0]).toBeGreaterThanOrEqual(sorted[i - 1]![1]);
    expect(range.stats.bytes).toBeLessThanOrEqual(bytes.length);
  });

  it('is read-only: a write is refused as SQL, and the range file refuses one even with query_only turned off', () => {
    const range = new RangeFile(diskReader(file), DATA_PAGE_SIZE);
    const db = openRangeDatabase(SQL, range);
    expect(() => runQuery(db, 'DELETE FROM articles', 10)).toThrow('attempt to write a readonly database');
    expect(runQuery(db, 'SELECT count(*) FROM articles', 10).rows).toEqual([[ARTICLES]]);
    // The worker drops a database whose file refused a write (RangeFileError) and opens it again.
    expect(() => runQuery(db, "PRAGMA query_only = 0; UPDATE articles SET title = 'x' WHERE id = 1", 10)).toThrow(RangeFileError);
    expect(whole('SELECT title FROM articles WHERE id = 1').rows[0]![0]).toBe('Article 1 on ocean');
  });

  it('shows at most the row limit and says there is more; an invalid query is an SQL error', () => {
    const { result } = overRanges('SELECT id FROM articles');
    expect(result.rows.length).toBe(1000);
    expect(result.more).toBe(true);
    expect(() => overRanges('SELECT nope FROM articles')).toThrow('no such column: nope');
  });
});
