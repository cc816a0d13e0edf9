import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { sampleDatabase } from './helpers/database.ts';
import { describe, expect, it } from 'vitest';
import { describeDatabase, exampleQueries, readDatabaseInfo, sha256 } from '../../site/model/database.ts';

describe('database info', () => {
  it('reads size, checksum, schema and row counts, skipping FTS shadow tables', async () => {
    const bytes = await sampleDatabase();
    const info = await describeDatabase(bytes);
    expect(info.bytes).toBe(bytes.byteLength);
    expect(info.sha256).toBe(sha256(bytes));
    expect(info.schema.map((s) => `${s.type}:${s.name}`)).toEqual(expect.arrayContaining(['table:articles', 'table:urls', 'table:articles_fts', 'index:articles_topic']));
    expect(info.tables.map((t) => [t.name, t.rows])).toEqual([
      ['articles', 2],
      ['articles_fts', null],
      ['urls', 1],
    ]);
    expect(info.schema[0].sql).toMatch(/^CREATE TABLE articles/);
    expect(info.schema.some((s) => s.name.startsWith('articles_fts_'))).toBe(false);
  });

  it('offers example queries that run against the schema it has', async () => {
    const bytes = await sampleDatabase();
    const queries = exampleQueries(await describeDatabase(bytes));
    expect(queries.map((q) => q.title)).toEqual(expect.arrayContaining(['The ten newest articles', 'Articles per topic', 'URLs by crawl state', 'Full-text search (articles_fts)']));
    const SQL = await initSqlJs();
    const db = new SQL.Database(bytes);
    for (const q of queries) expect(() => db.exec(q.sql), q.sql).not.toThrow();
    expect(db.exec(queries.find((q) => q.title.startsWith('Full-text'))!.sql)[0].values).toEqual([['Climate and ice', '<b>Climate</b> and ice']]);
    db.close();
  });

  it('returns null when there is no database yet', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gleaner-db-'));
    try {
      expect(await readDatabaseInfo(join(dir, 'site.sqlite'))).toBeNull();
      await writeFile(join(dir, 'site.sqlite'), await sampleDatabase());
      expect((await readDatabaseInfo(join(dir, 'site.sqlite')))?.tables).toHaveLength(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('example queries for the crawler schema', () => {
  it('joins topics and tags when articles refer to them by id', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run(`CREATE TABLE topics (id INTEGER PRIMARY KEY, slug TEXT, name TEXT);
      CREATE TABLE articles (id INTEGER PRIMARY KEY, topic_id INTEGER, title TEXT, source_url TEXT, published_on_site TEXT);
      CREATE TABLE tags (id INTEGER PRIMARY KEY, slug TEXT, name TEXT);
      CREATE TABLE article_tags (article_id INTEGER, tag_id INTEGER);
      CREATE TABLE urls (id INTEGER PRIMARY KEY, state TEXT, reason TEXT);
      INSERT INTO topics VALUES (1, 'space', 'Space');
      INSERT INTO articles VALUES (1, 1, 'Mars', 'https://a.example/m', '2024-01-01');
      INSERT INTO tags VALUES (1, 'mars', 'Mars');
      INSERT INTO article_tags VALUES (1, 1);
      INSERT INTO urls VALUES (1, 'rejected', 'too_short');`);
    const bytes = db.export();
    const queries = exampleQueries(await describeDatabase(bytes));
    const byTitle = new Map(queries.map((q) => [q.title, q.sql]));
    expect(byTitle.get('The ten newest articles')).toBe('SELECT title, source_url, published_on_site FROM articles ORDER BY published_on_site DESC LIMIT 10;');
    const check = new SQL.Database(bytes);
    expect(check.exec(byTitle.get('Articles per topic')!)[0].values).toEqual([['Space', 1]]);
    expect(check.exec(byTitle.get('The most used tags')!)[0].values).toEqual([['Mars', 1]]);
    expect(check.exec(byTitle.get('Why URLs were rejected')!)[0].values).toEqual([['too_short', 1]]);
    check.close();
    db.close();
  });
});
