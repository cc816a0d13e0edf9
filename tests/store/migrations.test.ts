import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../crawler/store/database.ts';
import { LATEST_VERSION, MIGRATIONS, type Migration } from '../../crawler/store/migrations.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dbPath(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gleaner-migrate-'));
  dirs.push(dir);
  return join(dir, 'site.sqlite');
}

/** A later schema, as a future Gleaner would ship it: a new column, a new table, data moved. */
const NEXT: Migration = {
  version: LATEST_VERSION + 1,
  description: 'test: article language in its own table',
  sql: `
ALTER TABLE topics ADD COLUMN color TEXT NOT NULL DEFAULT '#888';
CREATE TABLE topic_aliases (topic_id INTEGER NOT NULL REFERENCES topics(id), alias TEXT NOT NULL);
INSERT INTO topic_aliases (topic_id, alias) SELECT id, upper(slug) FROM topics;
`,
};

describe('schema versions', () => {
  it('a new database is at the latest version, recorded in meta and in the SQLite header', async () => {
    const path = await dbPath();
    const db = await openDatabase(path);
    expect(db.schemaVersion()).toBe(LATEST_VERSION);
    db.save();
    db.close();
    const SQL = await initSqlJs();
    const raw = new SQL.Database(readFileSync(path));
    expect(raw.exec('PRAGMA user_version')[0]!.values[0]![0]).toBe(LATEST_VERSION);
    raw.close();
  });

  it("finds the articles of changed Markdown files by index, not by reading the whole table (migration 11; the build asks every run)", async () => {
    const db = await openDatabase(await dbPath());
    // The query months.ts's affectedRows runs.
    const plan = db.all<{ detail: string }>('EXPLAIN QUERY PLAN SELECT id FROM articles WHERE file IN (?, ?)', ['a.md', 'b.md']).map((r) => r.detail);
    db.close();
    expect(plan.join(' | ')).toMatch(/USING (COVERING )?INDEX articles_file/);
    expect(plan.join(' | ')).not.toMatch(/^SCAN articles\b/);
  });

  it('opening a database from an older version upgrades it and keeps its rows', async () => {
    const path = await dbPath();
    const old = await openDatabase(path);
    old.run(`INSERT INTO topics (slug, name) VALUES ('space', 'Space'), ('climate', 'Climate')`);
    old.save();
    old.close();

    const db = await openDatabase(path, { migrations: [...MIGRATIONS, NEXT] });
    expect(db.schemaVersion()).toBe(NEXT.version);
    expect(db.changed).toBe(true);
    expect(db.all('SELECT slug, color FROM topics ORDER BY id')).toEqual([
      { slug: 'space', color: '#888' },
      { slug: 'climate', color: '#888' },
    ]);
    expect(db.all('SELECT alias FROM topic_aliases ORDER BY topic_id')).toEqual([{ alias: 'SPACE' }, { alias: 'CLIMATE' }]);
    db.save();
    db.close();

    const again = await openDatabase(path, { migrations: [...MIGRATIONS, NEXT] });
    expect(again.schemaVersion()).toBe(NEXT.version);
    expect(again.changed).toBe(false);
    expect(again.scalar('SELECT count(*) FROM topic_aliases')).toBe(2);
    again.close();
  });

  it('a database newer than this code is refused with a clear error, and left untouched', async () => {
    const path = await dbPath();
    const future = await openDatabase(path, { migrations: [...MIGRATIONS, NEXT] });
    future.save();
    future.close();
    const bytes = readFileSync(path);
    await expect(openDatabase(path)).rejects.toMatchObject({
      code: 'E_STORE_TOO_NEW',
      message: `the database has schema version ${NEXT.version}, but this Gleaner only knows up to ${LATEST_VERSION}; update Gleaner (git pull) before running it on this database`,
    });
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('a migration that fails is rolled back: the database stays at its version', async () => {
    const path = await dbPath();
    (await openDatabase(path)).save();
    const broken: Migration = { version: LATEST_VERSION + 1, description: 'broken', sql: `CREATE TABLE half_done (x); INSERT INTO no_such_table VALUES (1);` };
    await expect(openDatabase(path, { migrations: [...MIGRATIONS, broken] })).rejects.toThrow(/no such table/);
    const db = await openDatabase(path);
    expect(db.schemaVersion()).toBe(LATEST_VERSION);
    expect(db.scalar(`SELECT count(*) FROM sqlite_master WHERE name = 'half_done'`)).toBe(0);
    db.close();
  });

  it('every shipped migration has a unique, increasing version and a description', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions[0]).toBe(1);
    expect(LATEST_VERSION).toBe(versions.at(-1));
    for (const m of MIGRATIONS) expect(m.description.length).toBeGreaterThan(10);
  });

  it('an old file written by hand at version 0 (no meta table) gets the whole schema', async () => {
    const path = await dbPath();
    const SQL = await initSqlJs();
    const raw = new SQL.Database();
    raw.run('CREATE TABLE notes (x TEXT)');
    writeFileSync(path, raw.export());
    raw.close();
    const db = await openDatabase(path);
    expect(db.schemaVersion()).toBe(LATEST_VERSION);
    expect(db.scalar(`SELECT count(*) FROM sqlite_master WHERE name IN ('articles', 'lsh', 'notes')`)).toBe(3);
    db.close();
  });
});
